import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonRatingMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShowWithEpisodes, registerUser } from '../../../test/factories';
import {
  dir,
  seedImportCatalogue,
  textFile,
  traktFlatMembers,
  zipFile,
} from '../../../test/import-fixtures';
import { importFile } from '../../../test/import-helpers';
import { memberRows } from '../../../test/test-db';

const t = useTestApp({ importDir: path.join(dir, 'uploads') });
beforeAll(async () => {
  // Imports run as jobs.
  await t.app.services.jobs.start();
});

const call = caller(() => t.app);
const rate = (token: string | null, showId: number, season: number | string, payload: unknown) =>
  call(token, {
    method: 'PUT',
    url: `/api/shows/${showId}/seasons/${season}/rating`,
    payload: payload as object,
  });

describe('season ratings for the web', () => {
  it('rates, re-rates and clears a season; the average and count stay exact', async () => {
    const ann = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 2, 2);

    const first = await rate(ann.token, show.id, 1, { rating: 8 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ seasonNumber: 1, average: 8, count: 1, mine: 8 });
    // Bob's 5: the average of 8 and 5, one decimal.
    expect((await rate(bob.token, show.id, 1, { rating: 5 })).json()).toEqual({
      seasonNumber: 1,
      average: 6.5,
      count: 2,
      mine: 5,
    });
    // Re-rating replaces, never adds a row.
    expect((await rate(ann.token, show.id, 1, { rating: 10 })).json()).toMatchObject({
      average: 7.5,
      count: 2,
      mine: 10,
    });
    // Specials are season 0.
    expect((await rate(ann.token, show.id, 0, { rating: 3 })).json()).toMatchObject({
      seasonNumber: 0,
      count: 1,
    });

    const mine = await call(ann.token, { url: `/api/shows/${show.id}/season-ratings` });
    expect(mine.json()).toEqual({
      showId: show.id,
      seasons: [
        { seasonNumber: 0, average: 3, count: 1, mine: 3 },
        { seasonNumber: 1, average: 7.5, count: 2, mine: 10 },
      ],
    });
    // Visitors see the community figures, never anyone's own rating.
    const anon = await call(null, { url: `/api/shows/${show.id}/season-ratings` });
    expect(anon.statusCode).toBe(200);
    expect(anon.json().seasons[1]).toEqual({ seasonNumber: 1, average: 7.5, count: 2, mine: null });

    const cleared = await call(ann.token, {
      method: 'DELETE',
      url: `/api/shows/${show.id}/seasons/1/rating`,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ seasonNumber: 1, average: 5, count: 1, mine: null });
    // Clearing what is not there is fine and changes nothing.
    const again = await call(ann.token, {
      method: 'DELETE',
      url: `/api/shows/${show.id}/seasons/1/rating`,
    });
    expect(again.json()).toEqual({ seasonNumber: 1, average: 5, count: 1, mine: null });
    const rows = await t.db.kysely
      .selectFrom('season_ratings')
      .select(['user_id', 'season_number', 'rating'])
      .where('show_id', '=', show.id)
      .orderBy('season_number')
      .execute();
    expect(rows).toEqual([
      { user_id: ann.user.id, season_number: 0, rating: 3 },
      { user_id: bob.user.id, season_number: 1, rating: 5 },
    ]);
  });

  it('refuses visitors, bad ratings, unknown shows and seasons', async () => {
    const ann = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 1, 1);
    expect((await rate(null, show.id, 1, { rating: 5 })).statusCode).toBe(401);
    expect(
      (await call(null, { method: 'DELETE', url: `/api/shows/${show.id}/seasons/1/rating` }))
        .statusCode,
    ).toBe(401);
    for (const payload of [{ rating: 0 }, { rating: 11 }, { rating: 7.5 }, { rating: 'x' }, {}]) {
      const res = await rate(ann.token, show.id, 1, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(seasonRatingMessages.ratingInvalid);
    }
    const badSeason = await rate(ann.token, show.id, -1, { rating: 5 });
    expect(badSeason.statusCode).toBe(400);
    expect(badSeason.json().error).toBe(seasonRatingMessages.seasonInvalid);
    expect((await rate(ann.token, show.id, 'two', { rating: 5 })).statusCode).toBe(400);
    const noSeason = await rate(ann.token, show.id, 7, { rating: 5 });
    expect(noSeason.statusCode).toBe(404);
    expect(noSeason.json().error).toBe(seasonRatingMessages.seasonNotFound);
    const noShow = await rate(ann.token, 99_999_999, 1, { rating: 5 });
    expect(noShow.statusCode).toBe(404);
    expect(noShow.json().error).toBe(seasonRatingMessages.showNotFound);
    expect((await call(null, { url: '/api/shows/99999999/season-ratings' })).statusCode).toBe(404);
  });
});

describe('season ratings on the profile', () => {
  it('lists a member’s ratings newest first, following the profile’s privacy', async () => {
    const ann = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 2, 1);
    await rate(ann.token, show.id, 1, { rating: 9 });
    await rate(ann.token, show.id, 2, { rating: 6 });
    const url = `/api/users/${ann.user.id}/season-ratings`;

    const seen = await call(bob.token, { url });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ total: 2, hasMore: false });
    expect(seen.json().data.map((r: { seasonNumber: number }) => r.seasonNumber)).toEqual([2, 1]);
    expect(seen.json().data[0]).toMatchObject({
      show: { id: show.id, title: show.title },
      rating: 6,
    });
    const page = await call(null, { url: `${url}?limit=1&offset=1` });
    expect(page.json()).toMatchObject({ total: 2, limit: 1, offset: 1, hasMore: false });

    await t.db.kysely
      .updateTable('users')
      .set({ is_public: 0 })
      .where('id', '=', ann.user.id)
      .execute();
    expect((await call(bob.token, { url })).statusCode).toBe(403);
    expect((await call(null, { url })).statusCode).toBe(403);
    expect((await call(ann.token, { url })).json().total).toBe(2);
    expect((await call(null, { url: '/api/users/99999999/season-ratings' })).statusCode).toBe(404);
  });
});

describe('season ratings in and out', () => {
  it('imports Trakt’s ratings-seasons.json and counts what it cannot place', async () => {
    const cat = await seedImportCatalogue(t.db);
    const ann = await registerUser(t.app);
    const longRoad = {
      title: 'The Long Road',
      year: 2015,
      ids: { trakt: 501, slug: 'the-long-road', tvdb: 1001, imdb: 'tt0001001', tmdb: 5001 },
    };
    // The flat export of the import tests, with season ratings in it.
    const file = await zipFile('trakt-seasons.zip', {
      ...traktFlatMembers(),
      'ratings-seasons.json': JSON.stringify([
        {
          rated_at: '2016-04-01T10:00:00.000Z',
          rating: 8,
          type: 'season',
          season: { number: 2, ids: { trakt: 9 } },
          show: longRoad,
        },
        // No season 9 in the catalogue; a rating out of range; no season at all.
        { rating: 5, type: 'season', season: { number: 9 }, show: longRoad },
        { rating: 12, type: 'season', season: { number: 1 }, show: longRoad },
        { rating: 4, type: 'season', show: longRoad },
      ]),
    });
    const result = await importFile(t.app, ann.token, file);
    expect(result.error ?? null).toBeNull();
    expect(result.status).toBe('done');
    expect(result.report!.seasonRatings).toBe(1);
    expect(result.report!.skipped).toMatchObject({ seasonRatingsUnmatched: 1 });
    expect(result.report!.skipped.unreadableRows).toBeGreaterThanOrEqual(2);
    const rows = await memberRows(t.db, 'season_ratings', ann.user.id, [
      'show_id',
      'season_number',
      'rating',
      'rated_at',
    ]);
    expect(rows).toEqual([
      {
        show_id: cat.longRoad.id,
        season_number: 2,
        rating: 8,
        rated_at: '2016-04-01T10:00:00.000Z',
      },
    ]);
  });

  it('leaves with the JSON export and comes back with it', async () => {
    const ann = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 2, 1, { tvdb_id: 77_001 });
    await rate(ann.token, show.id, 2, { rating: 7 });
    const res = await call(ann.token, { url: '/api/users/me/export?format=json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { seasonRatings: { season: number; rating: number }[] };
    expect(doc.seasonRatings).toEqual([expect.objectContaining({ season: 2, rating: 7 })]);

    const bob = await registerUser(t.app);
    const result = await importFile(t.app, bob.token, textFile('own-export.json', res.body));
    expect(result.status).toBe('done');
    expect(result.report!.seasonRatings).toBe(1);
    const back = await call(bob.token, { url: `/api/shows/${show.id}/season-ratings` });
    expect(back.json().seasons).toEqual([{ seasonNumber: 2, average: 7, count: 2, mine: 7 }]);
  });
});
