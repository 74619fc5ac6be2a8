import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  moderationErrorCodes,
  moderationMessages,
  type ScrobbleSettings,
} from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShowWithEpisodes, registerUser } from '../../../test/factories';

/*
 * Review of 2026-11-26 (ADR 150): a suspended member's webhook writes nothing, and a body the
 * multipart parser cannot read is a 400, never a 500, whether or not the secret exists.
 */
const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/scrobble');
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;

const t = useTestApp();
beforeAll(async () => {
  await buildShowWithEpisodes(t.db, 1, 6, {
    title: 'Breaking Bad',
    tvdb_id: 81189,
    imdb_id: 'tt0903747',
    tmdb_id: 1396,
  });
});

const call = caller(() => t.app);

async function member() {
  const u = await registerUser(t.app);
  const res = await call(u.token, { url: '/api/scrobble/settings' });
  return { ...u, settings: res.json() as ScrobbleSettings };
}

const post = (url: string, opts: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url, ...opts } as InjectOptions);

const playsOf = (userId: number) =>
  t.db.kysely.selectFrom('episode_plays').select('id').where('user_id', '=', userId).execute();

describe('webhook safety', () => {
  it('a suspended member’s webhook is refused (403 ACCOUNT_SUSPENDED), logged as refused, nothing written', async () => {
    const u = await member();
    await t.db.kysely
      .updateTable('users')
      .set({
        suspended_at: new Date().toISOString(),
        suspended_until: null,
        suspension_reason: 'spam',
      })
      .where('id', '=', u.user.id)
      .execute();
    const res = await post(u.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: moderationErrorCodes.suspended,
      error: moderationMessages.suspended,
      details: { reason: 'spam', until: 'permanent' },
    });
    expect(await playsOf(u.user.id)).toEqual([]);
    const settings = await call(u.token, { url: '/api/scrobble/settings' });
    const events = (settings.json() as ScrobbleSettings).events;
    expect(events.map((e) => [e.source, e.outcome])).toEqual([['kodi', 'refused']]);
    expect(events[0]!.detail).toBe(moderationMessages.suspended);

    // A suspension that ended lets the webhook write again.
    await t.db.kysely
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', u.user.id)
      .execute();
    const after = await post(u.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(after.json()).toMatchObject({ outcome: 'marked' });
  });

  it('a malformed multipart body is a 400 for a known and an unknown secret alike', async () => {
    const u = await member();
    const boundary = '----plexboundary7MA4YWxkTrZu0gW';
    const bodies: InjectOptions[] = [
      // Cut off before the closing boundary.
      {
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"event":`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      // No boundary in the content type.
      {
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': 'multipart/form-data' },
      },
      // Not multipart at all.
      {
        payload: 'just some words',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    ];
    for (const [i, body] of bodies.entries()) {
      const known = await post(u.settings.paths.plex, body);
      const unknown = await post('/api/scrobble/no-such-secret-here/plex', body);
      expect(known.statusCode, `body ${i}`).toBe(400);
      expect(unknown.statusCode, `body ${i}`).toBe(400);
      expect(unknown.json(), `body ${i}`).toEqual(known.json());
    }
    expect(await playsOf(u.user.id)).toEqual([]);
  });
});
