import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app';
import { registerUser } from '../../../test/factories';
import { dir, zipFile } from '../../../test/import-fixtures';
import { importFile } from '../../../test/import-helpers';
import { startTvmazeStandIn, type TvmazeStandIn } from '../../../test/tvmaze-stand-in';
import { memberRows } from '../../../test/test-db';

let tvmaze: TvmazeStandIn;
let t: TestApp;
const outbox = path.join(dir, 'outbox');
beforeAll(async () => {
  tvmaze = await startTvmazeStandIn();
  t = await buildTestApp({
    importDir: path.join(dir, 'online'),
    metadataSync: true,
    tvmazeBaseUrl: tvmaze.baseUrl,
    importMailAfterMs: 0,
    mail: { ...testConfig().mail, smtpUrl: null, outboxDir: outbox },
  });
  await t.app.services.jobs.start();
});
afterAll(async () => {
  await t.close();
  await tvmaze.close();
});

const got = {
  title: 'Game of Thrones',
  year: 2011,
  ids: { trakt: 1390, slug: 'game-of-thrones', tvdb: 121361, imdb: 'tt0944947', tmdb: 1399 },
};
const play = (id: number, season: number, number: number, at: string) => ({
  id,
  watched_at: at,
  action: 'watch',
  type: 'episode',
  episode: { season, number, ids: {} },
  show: got,
});

describe('shows missing from the catalogue, online', () => {
  it('looks them up on TVmaze by TheTVDB id, holds the watches, and marks them when the episodes arrive; mails the owner', async () => {
    const ann = await registerUser(t.app);
    const file = await zipFile('got.zip', {
      'watched-history.json': JSON.stringify([
        play(2, 1, 2, '2012-01-02T20:00:00.000Z'),
        play(1, 1, 1, '2012-01-01T20:00:00.000Z'),
      ]),
    });
    const result = await importFile(t.app, ann.token, file);
    expect(result.report).toMatchObject({
      shows: { matched: 0, added: 1, unmatched: 0 },
      episodes: { marked: 0, held: 2 },
      watchlist: 1,
    });
    expect(tvmaze.hitsOf('/lookup/shows?thetvdb=121361')).toBe(1);

    // The episode list comes by a catalog.refresh-show job; the held watches follow it.
    await t.app.services.metadata.idle();
    const show = await t.db.kysely
      .selectFrom('shows')
      .select(['id', 'tvmaze_id'])
      .where('tvdb_id', '=', 121361)
      .executeTakeFirstOrThrow();
    expect(show.tvmaze_id).toBe(82);
    const progress = await t.db.kysely
      .selectFrom('episode_progress as p')
      .innerJoin('episodes as e', 'e.id', 'p.episode_id')
      .select(['e.season_number', 'e.episode_number', 'p.watched_at'])
      .where('p.user_id', '=', ann.user.id)
      .orderBy('p.watched_at')
      .execute();
    expect(progress).toEqual([
      { season_number: 1, episode_number: 1, watched_at: '2012-01-01T20:00:00.000Z' },
      { season_number: 1, episode_number: 2, watched_at: '2012-01-02T20:00:00.000Z' },
    ]);
    const held = await memberRows(t.db, 'import_held_episodes', ann.user.id, ['id']);
    expect(held).toEqual([]);
    const item = await t.db.kysely
      .selectFrom('watchlist_items')
      .select(['status', 'progress', 'created_at', 'started_at'])
      .where('user_id', '=', ann.user.id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({
      status: 'watching',
      progress: 2,
      created_at: '2012-01-01T20:00:00.000Z',
      started_at: '2012-01-01T20:00:00.000Z',
    });

    // The owner is told by mail (the outbox, as no SMTP server is configured).
    const mail = await vi.waitFor(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        const texts = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
        const found = texts.find((x) => x.includes('import is done'));
        if (!found) throw new Error('no mail yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail).toContain(ann.user.email);
  });

  it('searches TVmaze by title for a show without ids TVmaze can look up; one row with the search page', async () => {
    const bea = await registerUser(t.app);
    const sopranos = {
      title: 'The Sopranos',
      year: 1999,
      ids: { trakt: 1405, slug: 'the-sopranos' },
    };
    const file = await zipFile('sopranos.zip', {
      'watched-history.json': JSON.stringify([
        { ...play(11, 1, 1, '2015-03-01T20:00:00.000Z'), show: sopranos },
        { ...play(12, 2, 1, '2015-04-01T20:00:00.000Z'), show: sopranos },
      ]),
    });
    const result = await importFile(t.app, bea.token, file);
    expect(result.report).toMatchObject({
      shows: { matched: 0, added: 1, unmatched: 0 },
      episodes: { marked: 0, held: 2 },
    });
    expect(tvmaze.hitsOf('/search/shows?q=The%20Sopranos')).toBe(1);
    await t.app.services.metadata.idle();
    const progress = await t.db.kysely
      .selectFrom('episode_progress as p')
      .innerJoin('episodes as e', 'e.id', 'p.episode_id')
      .select(['e.season_number', 'e.episode_number'])
      .where('p.user_id', '=', bea.user.id)
      .orderBy('e.season_number')
      .execute();
    expect(progress).toEqual([
      { season_number: 1, episode_number: 1 },
      { season_number: 2, episode_number: 1 },
    ]);

    // The search page finds the same row (the query's TVmaze answer is shared, nothing added).
    const res = await t.app.inject({ method: 'GET', url: '/api/search/shows?q=the%20sopranos' });
    const rows = await t.db.kysely
      .selectFrom('shows')
      .select('id')
      .where('tvmaze_id', '=', 527)
      .execute();
    expect(rows).toHaveLength(1);
    expect(res.json().data[0].id).toBe(rows[0]!.id);
  });
});
