import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Trakt from 'trakt.tv';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildEpisode, buildShowWithEpisodes, tagGenre } from '../../../test/factories';
import { buildBreakingBad, failure, listenForTrakt, traktMember } from '../../../test/trakt-client';
import { expectTraktShape } from '../../../test/trakt-shapes';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { refreshDerivedShowData } from '../search/search-index';
import { showSlug } from './trakt-shapes';

/*
 * Trakt's catalogue and member reads (ADR 172), driven by the real npm client `trakt.tv` over
 * HTTP against the app listening on 127.0.0.1.
 */

let t: TestApp;
let base: string;
let show: ShowRow;
let episodes: EpisodeRow[];
let finale: EpisodeRow;
/** The client without a member: catalogue reads need none. */
let anonymous: Trakt;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenForTrakt(t.app);
  const built = await buildBreakingBad(t.db, {
    tmdb_id: 1396,
    network_name: 'AMC',
    network_country: 'US',
    language_code: 'en',
    schedule_days: 'Sunday',
    schedule_time: '21:00',
    schedule_timezone: 'America/New_York',
    synopsis: 'A chemistry teacher turns to crime.',
  });
  show = built.show;
  episodes = built.episodes;
  // buildShowWithEpisodes' special has no number; a numbered one is what Trakt lists.
  await buildEpisode(t.db, show.id, {
    season_number: 0,
    episode_number: 1,
    type: 'special',
    air_date: '2009-02-17',
    title: 'Good Cop Bad Cop',
  });
  finale = await buildEpisode(t.db, show.id, {
    season_number: 2,
    episode_number: 5,
    air_date: '2013-09-29',
    title: 'Felina',
  });
  episodes.push(finale);
  await tagGenre(t.db, show.id, 'Science Fiction');
  await refreshDerivedShowData(t.db.kysely, [show.id]);
  anonymous = new Trakt({ client_id: 'test-client-id', api_url: base });
});
afterAll(() => t.close());

const ep = (season: number, number: number) =>
  episodes.find((e) => e.season_number === season && e.episode_number === number)!;
const member = () => traktMember(t.app, base);

describe('shows, seasons, episodes', () => {
  it('finds a show by trakt id, slug and IMDb id; unknown ids are a 404', async () => {
    const minimal = {
      title: 'Breaking Bad',
      year: 2008,
      ids: {
        trakt: show.id,
        slug: `breaking-bad-${show.id}`,
        tvdb: 81189,
        imdb: 'tt0903747',
        tmdb: 1396,
        tvrage: null,
      },
    };
    expect(await anonymous.shows.summary({ id: show.id })).toEqual(minimal);
    expect(await anonymous.shows.summary({ id: showSlug(show) })).toEqual(minimal);
    expect(await anonymous.shows.summary({ id: 'tt0903747' })).toEqual(minimal);
    for (const id of ['99999999', 'no-such-show', 'tt0000001'])
      expect((await failure(anonymous.shows.summary({ id }))).status).toBe(404);
  });

  it('extended=full answers every documented key in Trakt’s vocabulary', async () => {
    const full = await anonymous.shows.summary({ id: show.id, extended: 'full' });
    expectTraktShape('show-full.json', full);
    expect(full).toMatchObject({
      overview: 'A chemistry teacher turns to crime.',
      airs: { day: 'Sunday', time: '21:00', timezone: 'America/New_York' },
      runtime: 47,
      network: 'AMC',
      country: 'us',
      status: 'ended',
      language: 'en',
      genres: ['science-fiction'],
      // Regular episodes that aired (specials do not count).
      aired_episodes: 9,
      first_aired: '2008-01-20T00:00:00.000Z',
    });
  });

  it('lists seasons (specials as season 0) with their episodes, and one season and one episode', async () => {
    const seasons = await anonymous.seasons.summary({ id: show.id });
    expect(seasons.map((s: { number: number }) => s.number)).toEqual([0, 1, 2]);
    const withEpisodes = await anonymous.seasons.summary({ id: show.id, extended: 'episodes' });
    expectTraktShape('seasons-episodes.json', withEpisodes);
    expect(withEpisodes[2].episodes.map((e: { number: number }) => e.number)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    const full = await anonymous.seasons.summary({ id: showSlug(show), extended: 'full' });
    expectTraktShape('seasons-full.json', full);
    expect(full[1]).toMatchObject({ title: 'Season 1', episode_count: 4, aired_episodes: 4 });

    const season = await anonymous.seasons.season({ id: show.id, season: 1 });
    expect(season.map((e: { ids: { trakt: number } }) => e.ids.trakt)).toEqual(
      [1, 2, 3, 4].map((n) => ep(1, n).id),
    );
    const specials = await anonymous.seasons.season({ id: show.id, season: 0 });
    expect(specials).toEqual([
      expect.objectContaining({ season: 0, number: 1, title: 'Good Cop Bad Cop' }),
    ]);
    expect((await failure(anonymous.seasons.season({ id: show.id, season: 9 }))).status).toBe(404);

    const episode = await anonymous.episodes.summary({
      id: 'tt0903747',
      season: 2,
      episode: 5,
      extended: 'full',
    });
    expectTraktShape('episode-full.json', episode);
    expect(episode).toMatchObject({
      title: 'Felina',
      ids: { trakt: finale.id },
      first_aired: '2013-09-29T00:00:00.000Z',
      episode_type: 'series_finale',
    });
    expect(
      (await anonymous.episodes.summary({ id: show.id, season: 1, episode: 1, extended: 'full' }))
        .episode_type,
    ).toBe('series_premiere');
    expect(
      (await failure(anonymous.episodes.summary({ id: show.id, season: 1, episode: 99 }))).status,
    ).toBe(404);
  });
});

describe('watched progress', () => {
  it('counts aired and completed episodes per season, with the next and last episode', async () => {
    const m = await member();
    await t.app.services.tracking.setEpisode(m.user.id, ep(1, 1).id, true);
    await t.app.services.tracking.setEpisode(m.user.id, ep(1, 2).id, true);
    const progress = await m.trakt.shows.progress.watched({ id: show.id });
    expectTraktShape('progress-watched.json', progress);
    expect(progress).toMatchObject({
      aired: 9,
      completed: 2,
      next_episode: { season: 1, number: 3 },
      last_episode: { season: 1 },
      hidden_seasons: [],
    });
    expect(progress.seasons.map((s: { number: number }) => s.number)).toEqual([1, 2]);
    expect(progress.seasons[0].episodes.slice(0, 3)).toEqual([
      { number: 1, completed: true, last_watched_at: expect.any(String) },
      { number: 2, completed: true, last_watched_at: expect.any(String) },
      { number: 3, completed: false, last_watched_at: null },
    ]);
    const withSpecials = await m.trakt.shows.progress.watched({ id: show.id, specials: 'true' });
    expect(withSpecials.seasons[0]).toMatchObject({ number: 0, aired: 1, completed: 0 });
    expect(withSpecials.aired).toBe(10);

    const fresh = await member();
    const none = await fresh.trakt.shows.progress.watched({ id: showSlug(show) });
    expect(none).toMatchObject({
      completed: 0,
      last_watched_at: null,
      last_episode: null,
      next_episode: { season: 1, number: 1 },
    });
    expect((await failure(m.trakt.shows.progress.watched({ id: 'nope' }))).status).toBe(404);
    const signedOut = await fetch(`${base}/shows/${show.id}/progress/watched`);
    expect(signedOut.status).toBe(401);
  });
});

describe('search', () => {
  it('finds shows by a mistyped title and episodes by title; movies and people find nothing', async () => {
    const paged = new Trakt({ client_id: 'test-client-id', api_url: base, pagination: true });
    const shows = await paged.search.text({ type: 'show', query: 'braking bad' });
    expect(shows.data[0]).toMatchObject({ type: 'show', show: { ids: { trakt: show.id } } });
    expect(shows.data[0].score).toBeGreaterThan(0);
    expectTraktShape('search-text.json', shows.data);
    expect(shows.pagination).toMatchObject({ page: '1', limit: '10' });
    expect(Number(shows.pagination['item-count'])).toBeGreaterThanOrEqual(1);

    const both = await anonymous.search.text({ type: 'show,episode', query: 'felina' });
    const found = both.find((r: { type: string }) => r.type === 'episode');
    expect(found).toMatchObject({
      episode: { ids: { trakt: finale.id } },
      show: { ids: { trakt: show.id } },
    });
    expectTraktShape('search-episode.json', [found]);
    expect(await anonymous.search.text({ type: 'movie', query: 'breaking bad' })).toEqual([]);
    expect(await anonymous.search.text({ type: 'movie,person', query: 'breaking bad' })).toEqual(
      [],
    );
    expect((await failure(anonymous.search.text({ type: 'films', query: 'x' }))).status).toBe(400);
    expect((await fetch(`${base}/search/show`)).status).toBe(400);
  });

  it('looks shows up by trakt, IMDb, TVDB and TMDB id, episodes by trakt id (a list, as Trakt answers)', async () => {
    const imdb = await anonymous.search.id({ id_type: 'imdb', id: 'tt0903747' });
    expect(imdb).toEqual([
      expect.objectContaining({
        type: 'show',
        show: expect.objectContaining({ title: 'Breaking Bad' }),
      }),
    ]);
    expectTraktShape('search-id.json', imdb);
    expect(await anonymous.search.id({ id_type: 'tvdb', id: 81189, type: 'show' })).toHaveLength(1);
    expect(await anonymous.search.id({ id_type: 'tmdb', id: 1396 })).toHaveLength(1);
    expect(await anonymous.search.id({ id_type: 'trakt', id: show.id, type: 'show' })).toEqual([
      expect.objectContaining({
        show: expect.objectContaining({ ids: expect.objectContaining({ trakt: show.id }) }),
      }),
    ]);
    expect(await anonymous.search.id({ id_type: 'trakt', id: finale.id, type: 'episode' })).toEqual(
      [
        expect.objectContaining({
          type: 'episode',
          episode: expect.objectContaining({ title: 'Felina' }),
        }),
      ],
    );
    expect(await anonymous.search.id({ id_type: 'imdb', id: 'tt0000001' })).toEqual([]);
    expect((await failure(anonymous.search.id({ id_type: 'netflix', id: 1 }))).status).toBe(400);
  });
});

describe('calendar, settings, stats', () => {
  it('lists episodes of the member’s shows airing in the range (at most 33 days)', async () => {
    const m = await member();
    const airing = await buildShowWithEpisodes(t.db, 1, 1, {
      title: 'Severance',
      status: 'airing',
    });
    const soon = await buildEpisode(t.db, airing.show.id, {
      season_number: 2,
      episode_number: 1,
      air_date: day(2),
    });
    await buildEpisode(t.db, airing.show.id, {
      season_number: 2,
      episode_number: 2,
      air_date: day(40),
    });
    await t.app.services.tracking.create(m.user.id, { showId: airing.show.id, status: 'watching' });

    const week = await m.trakt.calendars.my.shows({ start_date: day(0), days: 7 });
    expect(week).toEqual([
      expect.objectContaining({
        episode: expect.objectContaining({
          season: 2,
          number: 1,
          ids: expect.objectContaining({ trakt: soon.id }),
        }),
        show: expect.objectContaining({ title: 'Severance' }),
      }),
    ]);
    expect(week[0].first_aired.slice(0, 10)).toBe(day(2));
    expectTraktShape('calendar-my-shows.json', week);
    expect(await m.trakt.calendars.my.shows()).toHaveLength(1);
    expect(
      (await failure(m.trakt.calendars.my.shows({ start_date: day(0), days: 40 }))).status,
    ).toBe(400);
    expect((await fetch(`${base}/calendars/my/shows`)).status).toBe(401);
  });

  it('answers the member’s settings in Trakt’s shape', async () => {
    const m = await member();
    const settings = await m.trakt.users.settings();
    expectTraktShape('users-settings.json', settings);
    expect(settings.user).toMatchObject({
      username: m.user.username,
      private: false,
      vip: false,
      ids: { slug: m.user.username.toLowerCase() },
    });
    expect(settings.account.timezone).toBe('UTC');
  });

  it('answers statistics of the member and of public profiles; a private profile’s are refused', async () => {
    const m = await member();
    await m.trakt.scrobble.stop({ episode: { ids: { trakt: ep(2, 1).id } }, progress: 100 });
    const mine = await m.trakt.users.stats({ username: 'me' });
    expectTraktShape('users-stats.json', mine);
    expect(mine.episodes).toMatchObject({ plays: 1, watched: 1, minutes: 47 });
    expect(mine.movies.plays).toBe(0);

    const other = await member();
    expect((await other.trakt.users.stats({ username: m.user.username })).episodes.plays).toBe(1);
    await t.db.kysely
      .updateTable('users')
      .set({ is_public: 0 })
      .where('id', '=', m.user.id)
      .execute();
    expect((await failure(other.trakt.users.stats({ username: m.user.username }))).status).toBe(
      403,
    );
    expect((await m.trakt.users.stats({ username: 'me' })).episodes.plays).toBe(1);
    expect((await failure(other.trakt.users.stats({ username: 'nobody-here-xyz' }))).status).toBe(
      404,
    );
    expect((await fetch(`${base}/users/me/stats`)).status).toBe(401);
  });
});
