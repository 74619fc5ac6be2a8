import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  apiTokenLimits,
  integrationMessages,
  type CreatedApiToken,
  type TokenScope,
} from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { buildShowWithEpisodes, registerUser } from '../../../test/factories';
import { caller } from '../../../test/http';
import { memberRows } from '../../../test/test-db';

const t = useTestApp();

const call = caller(() => t.app);

async function createToken(session: string, scopes: TokenScope[], name = 'Kodi script') {
  const res = await call(session, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name, scopes },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as CreatedApiToken;
}

describe('personal API tokens', () => {
  it('is shown once: the list has its name, prefix, scopes and last use, never the token', async () => {
    const u = await registerUser(t.app);
    const created = await createToken(u.token, ['read', 'write:tracking']);
    expect(created.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'Kodi script', scopes: ['read', 'write:tracking'] });
    const list = await call(u.token, { url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json().data).toEqual([
      {
        id: created.id,
        name: 'Kodi script',
        prefix: created.prefix,
        scopes: ['read', 'write:tracking'],
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    // Stored hashed only.
    const row = await t.db.kysely
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(created.token.slice(3));
    // Used: signed in as its member, and the list says when.
    const me = await call(created.token, { url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(u.user.id);
    const after = await call(u.token, { url: '/api/api-tokens' });
    expect(after.json().data[0].lastUsedAt).not.toBeNull();
  });

  it('read reads; write:tracking marks episodes; every other write is 403 with a clear message', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const read = (await createToken(u.token, ['read'])).token;
    const write = (await createToken(u.token, ['write:tracking'])).token;
    const mark = (token: string, id: number) =>
      call(token, {
        method: 'POST',
        url: `/api/episodes/${id}/progress`,
        payload: { watched: true },
      });

    expect((await call(read, { url: '/api/me/up-next' })).statusCode).toBe(200);
    const readWrites = await mark(read, episodes[0]!.id);
    expect(readWrites.statusCode).toBe(403);
    expect(readWrites.json().error).toBe(integrationMessages.scopeWriteTracking);

    expect((await mark(write, episodes[0]!.id)).statusCode).toBe(200);
    const again = await call(write, {
      method: 'POST',
      url: `/api/episodes/${episodes[0]!.id}/plays`,
      payload: {},
    });
    expect(again.statusCode).toBe(201);
    const writeReads = await call(write, { url: '/api/me/up-next' });
    expect(writeReads.statusCode).toBe(403);
    expect(writeReads.json().error).toBe(integrationMessages.scopeRead);

    const list = await call(write, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'From a token', isPublic: true, isRanked: false, items: [] },
    });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe(integrationMessages.scopeWrite);
    const lists = await memberRows(t.db, 'lists', u.user.id, ['id']);
    expect(lists).toEqual([]);
    const progress = await memberRows(t.db, 'episode_plays', u.user.id, ['source']);
    expect(progress).toHaveLength(2);
  });

  it('never manages tokens, sessions, password, e-mail or the account', async () => {
    const u = await registerUser(t.app);
    const all = (await createToken(u.token, ['read', 'write:tracking'])).token;
    const refused: InjectOptions[] = [
      { url: '/api/api-tokens' },
      { method: 'POST', url: '/api/api-tokens', payload: { name: 'x', scopes: ['read'] } },
      { url: '/api/auth/sessions' },
      { method: 'DELETE', url: '/api/auth/sessions' },
      {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: u.password, newPassword: 'another long password' },
      },
      { method: 'PUT', url: '/api/users/me', payload: { email: 'new@example.test' } },
      { method: 'DELETE', url: '/api/users/me', payload: { password: u.password } },
      { method: 'POST', url: '/api/auth/logout' },
      { url: '/api/scrobble/settings' },
    ];
    for (const opts of refused) {
      const res = await call(all, opts);
      expect(res.statusCode, `${opts.method ?? 'GET'} ${opts.url}`).toBe(403);
      expect(res.json().error).toBe(integrationMessages.notForTokens);
    }
    // Still there, unchanged.
    expect((await call(u.token, { url: '/api/auth/me' })).json().user.email).toBe(u.user.email);
    expect((await call(u.token, { url: '/api/api-tokens' })).json().data).toHaveLength(1);
  });

  it('a revoked token is 401 at once; another member cannot revoke it (404)', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const created = await createToken(u.token, ['read']);
    const theirs = await call(other.token, {
      method: 'DELETE',
      url: `/api/api-tokens/${created.id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call(created.token, { url: '/api/me/up-next' })).statusCode).toBe(200);
    const revoke = await call(u.token, { method: 'DELETE', url: `/api/api-tokens/${created.id}` });
    expect(revoke.statusCode).toBe(204);
    expect((await call(created.token, { url: '/api/me/up-next' })).statusCode).toBe(401);
    expect((await call(u.token, { url: '/api/api-tokens' })).json().data).toEqual([]);
    expect(
      (await call(null, { method: 'DELETE', url: `/api/api-tokens/${created.id}` })).statusCode,
    ).toBe(401);
  });

  it('validates name and scopes with the form messages and creates nothing', async () => {
    const u = await registerUser(t.app);
    const bad = [
      [{ name: '  ', scopes: ['read'] }, 'name', integrationMessages.nameRequired],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, 'name', integrationMessages.nameTooLong],
      [{ name: 'ok', scopes: [] }, 'scopes', integrationMessages.scopesRequired],
    ] as const;
    for (const [payload, field, message] of bad) {
      const res = await call(u.token, { method: 'POST', url: '/api/api-tokens', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const admin = await call(u.token, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'x', scopes: ['admin'] },
    });
    expect(admin.statusCode).toBe(400);
    expect((await call(u.token, { url: '/api/api-tokens' })).json().data).toEqual([]);
  });

  it(`is rate limited: request ${apiTokenLimits.requestsPerMinute + 1} in a minute is 429`, async () => {
    const u = await registerUser(t.app);
    const { token } = await createToken(u.token, ['read']);
    for (let i = 0; i < apiTokenLimits.requestsPerMinute; i++) {
      const res = await call(token, { url: '/api/auth/me' });
      if (res.statusCode !== 200) throw new Error(`request ${i + 1}: ${res.statusCode}`);
    }
    const over = await call(token, { url: '/api/auth/me' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(integrationMessages.tokenRateLimited);
    // The member's session is not limited by it.
    expect((await call(u.token, { url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
