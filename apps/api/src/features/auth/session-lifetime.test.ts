import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { registerUser } from '../../../test/factories';
import { hashToken } from './tokens';

/**
 * A session ends SESSION_MAX_AGE_DAYS after sign-in however often it is used (ADR 150): the
 * sliding 30 days alone let a stolen token live for ever.
 */
const t = useTestApp({ sessionMaxAgeDays: 90, sessionCacheSeconds: 0 });

const call = caller(() => t.app);

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

/** A member whose session was created (and last used) that many days ago. */
async function memberSignedIn(times: { created_at: string; last_used_at?: string }) {
  const member = await registerUser(t.app);
  await t.db.kysely
    .updateTable('sessions')
    .set(times)
    .where('token_hash', '=', hashToken(member.token))
    .execute();
  return member;
}

describe('absolute session lifetime', () => {
  it('refuses a session created longer ago than the maximum, even when recently used', async () => {
    const ann = await memberSignedIn({ created_at: daysAgo(91), last_used_at: daysAgo(0.5) });
    const res = await call(ann.token, { method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    const left = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(ann.token))
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps a session inside the maximum, and never slides its expiry past it', async () => {
    const ann = await memberSignedIn({ created_at: daysAgo(80), last_used_at: daysAgo(2) });
    const res = await call(ann.token, { method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(ann.token))
      .executeTakeFirstOrThrow();
    const limit = Date.parse(row.created_at) + 90 * 86_400_000;
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(limit);
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 9 * 86_400_000);
  });

  it('a refreshed token keeps the original sign-in time', async () => {
    const ann = await memberSignedIn({ created_at: daysAgo(89.9) });
    const res = await call(ann.token, { method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(200);
    const { expiresAt } = res.json() as { expiresAt: string };
    expect(Date.parse(expiresAt)).toBeLessThan(Date.now() + 86_400_000);
  });
});
