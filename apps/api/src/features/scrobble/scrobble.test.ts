import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages, type ScrobbleSettings } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShow, buildShowWithEpisodes, registerUser } from '../../../test/factories';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { memberRows } from '../../../test/test-db';

/* Webhooks of each media server, replayed from recorded payloads (test/fixtures/scrobble). */

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/scrobble');
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;

const t = useTestApp();
let show: ShowRow;
let episodes: EpisodeRow[];
beforeAll(async () => {
  // The show the recorded payloads name, with its TheTVDB / IMDb / TMDB ids …
  const built = await buildShowWithEpisodes(t.db, 2, 6, {
    title: 'Breaking Bad',
    first_air_date: '2008-01-20',
    tvdb_id: 81189,
    imdb_id: 'tt0903747',
    tmdb_id: 1396,
    popularity: 10,
  });
  show = built.show;
  episodes = built.episodes;
  // … and a more popular namesake without ids, which only a title match could pick.
  const decoy = await buildShow(t.db, { title: 'Breaking Bad', popularity: 1000 });
  await buildShowWithEpisodes(t.db, 1, 6, { title: 'Breaking Bad', popularity: 1000 });
  void decoy;
});

const call = caller(() => t.app);

const ep = (season: number, number: number) =>
  episodes.find((e) => e.season_number === season && e.episode_number === number)!;

async function member() {
  const u = await registerUser(t.app);
  const res = await call(u.token, { url: '/api/scrobble/settings' });
  expect(res.statusCode).toBe(200);
  return { ...u, settings: res.json() as ScrobbleSettings };
}

const post = (url: string, opts: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url, ...opts } as InjectOptions);

/** Plex posts multipart/form-data with the JSON in a `payload` field. */
function plexBody(payload: object, partType = true) {
  const boundary = '----plexboundary7MA4YWxkTrZu0gW';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n` +
    (partType ? 'Content-Type: application/json\r\n' : '') +
    `\r\n${JSON.stringify(payload)}\r\n--${boundary}--\r\n`;
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const playsOf = (userId: number) =>
  t.db.kysely
    .selectFrom('episode_plays')
    .select(['episode_id', 'show_id', 'source'])
    .where('user_id', '=', userId)
    .execute();

async function upNext(token: string) {
  const res = await call(token, { url: '/api/me/up-next' });
  const entry = res
    .json()
    .data.find((d: { item: { showId: number } }) => d.item.showId === show.id);
  return entry?.episode?.id ?? null;
}

async function events(token: string) {
  const res = await call(token, { url: '/api/scrobble/settings' });
  return (res.json() as ScrobbleSettings).events;
}

describe('scrobbling webhooks', () => {
  it('Jellyfin: PlaybackStop past 90 % marks the episode (title + S/E), the next one is up; a replay is a no-op', async () => {
    const u = await member();
    const body = fixture('jellyfin-playback-stop.json');
    const first = await post(u.settings.paths.jellyfin, { payload: body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'marked' });
    expect(await playsOf(u.user.id)).toEqual([
      { episode_id: ep(1, 2).id, show_id: show.id, source: 'jellyfin' },
    ]);
    expect(await upNext(u.token)).toBe(ep(1, 3).id);

    const replay = await post(u.settings.paths.jellyfin, { payload: body });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await playsOf(u.user.id)).toHaveLength(1);
    const log = await events(u.token);
    expect(log.map((e) => e.outcome)).toEqual(['duplicate', 'marked']);
    expect(log[1]).toMatchObject({
      source: 'jellyfin',
      event: 'PlaybackStop',
      title: 'Breaking Bad',
      seasonNumber: 1,
      episodeNumber: 2,
      show: { id: show.id, title: 'Breaking Bad' },
      episodeId: ep(1, 2).id,
    });
  });

  it('a play of an episode watched on another day shows as "rewatched" in the activity', async () => {
    const u = await member();
    const body = fixture('jellyfin-playback-stop.json');
    expect((await post(u.settings.paths.jellyfin, { payload: body })).json()).toMatchObject({
      outcome: 'marked',
    });
    // The first watch was a day before this one: the same webhook now is a second watch.
    const [play] = await memberRows(t.db, 'episode_plays', u.user.id, ['id', 'watched_at']);
    const dayBefore = new Date(Date.parse(play!.watched_at) - 86_400_000).toISOString();
    await t.db.kysely
      .updateTable('episode_plays')
      .set({ watched_at: dayBefore })
      .where('id', '=', play!.id)
      .execute();
    expect((await post(u.settings.paths.jellyfin, { payload: body })).json()).toMatchObject({
      outcome: 'marked',
    });
    expect(await playsOf(u.user.id)).toHaveLength(2);
    const feed = await call(u.token, { url: `/api/users/${u.user.id}/activity` });
    expect(
      (feed.json().data as { action: string; episodeCount: number }[])
        .filter((e) => e.action.endsWith('watched'))
        .map((e) => [e.action, e.episodeCount]),
    ).toEqual([
      ['rewatched', 1],
      ['watched', 1],
    ]);
  });

  it('Plex: media.scrobble as multipart form data, matched by the TheTVDB id in its guid', async () => {
    const u = await member();
    const res = await post(u.settings.paths.plex, plexBody(fixture('plex-media-scrobble.json')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'marked' });
    expect(await playsOf(u.user.id)).toEqual([
      { episode_id: ep(1, 3).id, show_id: show.id, source: 'plex' },
    ]);
    // Plex sends no time: a replay minutes later is still the same watch (here as a plain part).
    const replay = await post(
      u.settings.paths.plex,
      plexBody(fixture('plex-media-scrobble.json'), false),
    );
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await playsOf(u.user.id)).toHaveLength(1);
  });

  it('Plex: media.stop below 90 % and media.play are ignored', async () => {
    const u = await member();
    const stop = fixture('plex-media-scrobble.json');
    stop.event = 'media.stop';
    (stop.Metadata as Record<string, unknown>).viewOffset = 1_000_000;
    const res = await post(u.settings.paths.plex, plexBody(stop));
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    expect(res.json().detail).toContain('34 %');
    const play = { ...fixture('plex-media-scrobble.json'), event: 'media.play' };
    expect((await post(u.settings.paths.plex, plexBody(play))).json().outcome).toBe('ignored');
    expect(await playsOf(u.user.id)).toEqual([]);
  });

  it('Emby: playback.stop then item.markplayed for the same watch record one play', async () => {
    const u = await member();
    const stop = await post(u.settings.paths.emby, { payload: fixture('emby-playback-stop.json') });
    expect(stop.json()).toMatchObject({ outcome: 'marked' });
    const marked = await post(u.settings.paths.emby, {
      payload: fixture('emby-item-markplayed.json'),
    });
    expect(marked.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await playsOf(u.user.id)).toEqual([
      { episode_id: ep(1, 4).id, show_id: show.id, source: 'emby' },
    ]);
  });

  it('Kodi: the documented JSON, matched by show ids', async () => {
    const u = await member();
    const res = await post(u.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(res.json()).toMatchObject({ outcome: 'marked' });
    expect(await playsOf(u.user.id)).toEqual([
      { episode_id: ep(1, 5).id, show_id: show.id, source: 'kodi' },
    ]);
  });

  it('the same webhook delivered 5 times at once records one play', async () => {
    const u = await member();
    const res = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(u.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') }),
      ),
    );
    expect(res.map((r) => r.json().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'marked',
    ]);
    expect(await playsOf(u.user.id)).toHaveLength(1);
  });

  it('below 90 % is ignored and says why; nothing is written', async () => {
    const u = await member();
    const body = { ...fixture('jellyfin-playback-stop.json'), PlaybackPositionTicks: 14250000000 };
    const res = await post(u.settings.paths.jellyfin, { payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'ignored',
      detail: 'Playback stopped at 50 %; an episode counts as watched from 90 %',
    });
    expect(await playsOf(u.user.id)).toEqual([]);
    const item = await call(u.token, { url: `/api/user-content-status/show/${show.id}` });
    expect(item.statusCode).toBe(404);
  });

  it('an unmatched show and a missing episode are reported in the last events', async () => {
    const u = await member();
    const unknown = { ...fixture('jellyfin-playback-stop.json'), SeriesName: 'No Such Show Here' };
    expect((await post(u.settings.paths.jellyfin, { payload: unknown })).json()).toEqual({
      outcome: 'unmatched',
      detail: 'No show in the catalogue matches “No Such Show Here”',
    });
    const noEpisode = { ...fixture('kodi-scrobble.json'), season: 9, episode: 1 };
    expect((await post(u.settings.paths.kodi, { payload: noEpisode })).json()).toEqual({
      outcome: 'unmatched',
      detail: 'Breaking Bad has no S9E1 in the catalogue',
    });
    const log = await events(u.token);
    expect(log.map((e) => [e.source, e.outcome, e.title])).toEqual([
      ['kodi', 'unmatched', 'Breaking Bad'],
      ['jellyfin', 'unmatched', 'No Such Show Here'],
    ]);
    expect(await playsOf(u.user.id)).toEqual([]);
  });

  it('bad payloads get a clear 400 and change nothing; an unknown secret is a 404', async () => {
    const u = await member();
    const cases: InjectOptions[] = [
      { payload: 'not json', headers: { 'content-type': 'text/plain' } },
      { payload: { ItemType: 'Episode' } },
      { payload: [1, 2, 3] },
    ];
    for (const c of cases) {
      const res = await post(u.settings.paths.jellyfin, c);
      expect(res.statusCode, String(c.payload)).toBe(400);
      expect(res.json().error).toContain(integrationMessages.payloadInvalid);
    }
    const plexJson = await post(u.settings.paths.plex, plexBody({ event: 'media.scrobble' }));
    expect(plexJson.statusCode).toBe(400);
    const wrongServer = await post(u.settings.paths.jellyfin.replace(/jellyfin$/, 'vlc'), {
      payload: fixture('jellyfin-playback-stop.json'),
    });
    expect(wrongServer.statusCode).toBe(400);
    expect(JSON.stringify(wrongServer.json())).toContain(integrationMessages.unknownServer);
    const unknown = await post('/api/scrobble/not-a-secret/jellyfin', {
      payload: fixture('jellyfin-playback-stop.json'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: integrationMessages.hookNotFound });
    expect(await playsOf(u.user.id)).toEqual([]);
    expect((await events(u.token)).every((e) => e.outcome === 'invalid')).toBe(true);
  });

  it('new URLs replace the old ones, which then answer 404', async () => {
    const u = await member();
    const rotated = await call(u.token, { method: 'POST', url: '/api/scrobble/settings/rotate' });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as ScrobbleSettings;
    expect(fresh.paths.kodi).not.toBe(u.settings.paths.kodi);
    const old = await post(u.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(old.statusCode).toBe(404);
    const now = await post(fresh.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(now.json().outcome).toBe('marked');
  });

  it('settings need a signed-in member; each member has their own URL and log', async () => {
    expect((await t.app.inject({ url: '/api/scrobble/settings' })).statusCode).toBe(401);
    const a = await member();
    const b = await member();
    expect(a.settings.paths.jellyfin).not.toBe(b.settings.paths.jellyfin);
    await post(a.settings.paths.kodi, { payload: fixture('kodi-scrobble.json') });
    expect(await events(b.token)).toEqual([]);
    expect(await playsOf(b.user.id)).toEqual([]);
  });

  it('keeps the newest 50 events per member', async () => {
    const u = await member();
    const body = { ...fixture('jellyfin-playback-stop.json'), NotificationType: 'PlaybackStart' };
    for (let i = 0; i < 53; i++) await post(u.settings.paths.jellyfin, { payload: body });
    const count = await t.db.kysely
      .selectFrom('scrobble_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(50);
  });
});
