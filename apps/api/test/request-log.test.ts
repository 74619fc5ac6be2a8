import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './build-test-app';
import { createTestDb } from './test-db';
import { bearer, registerUser } from './factories';

/**
 * The request log never records a reset or confirmation token (ADR 150): an emailed link's
 * token rides in the query string of the page it opens, and Fastify logs every request URL.
 */
const lines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDb();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    db,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const secret = 'Zx8vQ2mN5kLp7RtY1wE3uI9oA4sD6fGhJkLzXcVbNm0';

describe('request log', () => {
  it('redacts tokens in query strings and paths, keeping the rest of the URL', async () => {
    await app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await app.inject({ method: 'GET', url: `/verify-email?token=${secret}&x=1` });
    await app.inject({ method: 'GET', url: `/undo-email-change?token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/auth/verify-email/${secret}` });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(log).not.toContain(secret);
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/verify-email?token=[redacted]&x=1');
    expect(log).toContain('/api/auth/verify-email/[redacted]');
  });

  it('redacts the secrets of the iCal feed, the media-server webhook and one-click unsubscribe', async () => {
    const u = await registerUser(app);
    const feed = await app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: bearer(u.token),
    });
    const feedPath = new URL(feed.json().url as string).pathname;
    const feedSecret = /\/api\/calendar\/(.+)\.ics$/.exec(feedPath)![1]!;
    const scrobble = await app.inject({ url: '/api/scrobble/settings', headers: bearer(u.token) });
    const hookPath = scrobble.json().paths.kodi as string;
    const hookSecret = hookPath.split('/')[3]!;
    await app.inject({
      method: 'PUT',
      url: '/api/calendar/settings',
      headers: bearer(u.token),
      payload: { episodeAlerts: 'digest' },
    });
    const { unsubscribe_token: unsubscribe } = await app.db.kysely
      .selectFrom('member_preferences')
      .select('unsubscribe_token')
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    lines.length = 0;
    expect((await app.inject({ url: feedPath })).statusCode).toBe(200);
    // Without the extension too, and an address that holds no feed (still someone's guess).
    await app.inject({ url: `/api/calendar/${feedSecret}` });
    await app.inject({ url: '/api/calendar/short-guess.ics' });
    await app.inject({ method: 'POST', url: hookPath, payload: { event: 'x' } });
    await app.inject({ method: 'POST', url: '/api/scrobble/short-guess/kodi', payload: {} });
    await app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${unsubscribe}` });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [feedSecret, hookSecret, unsubscribe!, 'short-guess'])
      expect(log, secret).not.toContain(secret);
    expect(log).toContain('/api/calendar/[redacted]');
    expect(log).toContain('/api/scrobble/[redacted]/kodi');
    expect(log).toContain('/api/alerts/unsubscribe?token=[redacted]');
    // Other routes under the same prefixes keep their URL.
    await app.inject({ url: '/api/calendar/settings', headers: bearer(u.token) });
    await app.inject({ url: '/api/scrobble/settings', headers: bearer(u.token) });
    expect(lines.join('')).toContain('/api/calendar/settings');
    expect(lines.join('')).toContain('/api/scrobble/settings');
  });
});
