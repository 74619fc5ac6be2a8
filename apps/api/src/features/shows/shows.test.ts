import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { registerUser } from '../../../test/factories';
import { importCatalog, readCatalogFile } from '../catalog/catalog.importer';

let t: TestApp;
let gotId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await importCatalog(t.db, readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz')));
  gotId = (
    await t.db.kysely
      .selectFrom('shows')
      .select('id')
      .where('source_id', '=', 'tvmaze:82')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => t.close());

const get = async (url: string, query: Record<string, string> = {}) => t.app.inject({ url, query });
type Show = {
  id: number;
  title: string;
  genres: string[];
  status: string;
  kind: string;
  averageRating: number | null;
  startDate: string | null;
};

describe('GET /api/shows', () => {
  it('pages the whole catalogue', async () => {
    const res = await get('/api/shows');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 8809, limit: 20, offset: 0, hasMore: true });
    expect(body.data).toHaveLength(20);
    const last = (await get('/api/shows', { offset: '8799', limit: '20' })).json();
    expect(last.data).toHaveLength(10);
    expect(last.hasMore).toBe(false);
  });

  it('filters by genre (any case), status, kind, years and rating together', async () => {
    const res = await get('/api/shows', {
      genre: 'drama',
      status: 'completed',
      kind: 'series',
      yearFrom: '2010',
      yearTo: '2015',
      minRating: '8',
      limit: '100',
    });
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.map((s: Show) => s.title)).toContain('Game of Thrones');
    for (const s of body.data as Show[]) {
      expect(s.genres).toContain('Drama');
      expect(s).toMatchObject({ status: 'completed', kind: 'series' });
      expect(s.averageRating).toBeGreaterThanOrEqual(8);
      expect(s.startDate! >= '2010-01-01' && s.startDate! <= '2015-12-31').toBe(true);
    }
  });

  it('sorts top rated, by title and by most recent premiere', async () => {
    const rated = (await get('/api/shows', { sort: 'top_rated', limit: '50' })).json()
      .data as Show[];
    const ratings = rated.map((s) => s.averageRating ?? -1);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const recent = (await get('/api/shows', { sort: 'recent', limit: '50' })).json().data as Show[];
    const today = new Date().toISOString().slice(0, 10);
    expect(recent.every((s) => s.startDate !== null && s.startDate <= today)).toBe(true);
    const dates = recent.map((s) => s.startDate!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const titled = (await get('/api/shows', { sort: 'title', limit: '50' })).json().data as Show[];
    const lower = titled.map((s) => s.title.toLowerCase());
    expect(lower.every((title, i) => i === 0 || lower[i - 1]! <= title)).toBe(true);
  });

  it.each([
    [{ status: 'finished' }, 'status'],
    [{ kind: 'movie' }, 'kind'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ minRating: '11' }, 'minRating'],
    [{ yearFrom: 'abc' }, 'yearFrom'],
    [{ sort: 'random' }, 'sort'],
  ])('rejects %j with 400 naming %s', async (query, field) => {
    const res = await get('/api/shows', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details).toHaveProperty(field);
  });
});

describe('show lists', () => {
  it('trending says it is based on the catalogue while there is no community activity', async () => {
    const body = (await get('/api/shows/trending')).json();
    expect(body.basis).toBe('catalogue');
    expect(body.data).toHaveLength(10);
    expect((await get('/api/shows/trending', { limit: '3' })).json().data).toHaveLength(3);
  });

  it('popular, recent and top-rated are pages', async () => {
    for (const url of ['/api/shows/popular', '/api/shows/recent', '/api/shows/top-rated']) {
      const body = (await get(url, { limit: '5' })).json();
      expect(body.data).toHaveLength(5);
      expect(body.total).toBeGreaterThan(5);
    }
  });

  it('genre pages match case-insensitively and 404 for an unknown genre', async () => {
    const res = await get('/api/shows/genre/science-fiction', { limit: '10' });
    expect(res.statusCode).toBe(200);
    expect(res.json().genre).toBe('Science-Fiction');
    expect(res.json().data.every((s: Show) => s.genres.includes('Science-Fiction'))).toBe(true);
    const missing = await get('/api/shows/genre/not-a-genre');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const genres = (await get('/api/shows/genres')).json().data as string[];
    expect(genres).toContain('Drama');
    expect(genres).toHaveLength(28);
  });

  it('today lists shows with an episode on the date, with those episodes', async () => {
    const body = (await get('/api/shows/today', { date: '2024-01-15', limit: '100' })).json();
    expect(body.date).toBe('2024-01-15');
    expect(body.total).toBeGreaterThan(0);
    for (const show of body.data) {
      expect(show.airingEpisodes.length).toBeGreaterThan(0);
      expect(
        show.airingEpisodes.every((e: { airDate: string }) => e.airDate === '2024-01-15'),
      ).toBe(true);
    }
    const empty = (await get('/api/shows/today', { date: '1999-01-01' })).json();
    expect(empty).toMatchObject({ data: [], total: 0, hasMore: false });
  });

  it.each(['2024-02-30', '2024-1-5', 'today', '2024-13-01'])(
    'today rejects the date %s',
    async (date) => {
      const res = await get('/api/shows/today', { date });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toHaveProperty('date');
    },
  );
});

describe('GET /api/shows/{id}', () => {
  it('returns a show with everything its page needs', async () => {
    const res = await get(`/api/shows/${gotId}`);
    expect(res.statusCode).toBe(200);
    const show = res.json();
    expect(show).toMatchObject({
      id: gotId,
      title: 'Game of Thrones',
      status: 'completed',
      episodes: 73,
      seasons: 8,
      genres: ['Adventure', 'Drama', 'Fantasy'],
      startDate: '2011-04-17',
      endDate: '2019-05-19',
      averageRating: 9.1,
      totalUsers: 0,
      totalReviews: 0,
      network: 'HBO',
      externalIds: { tvmaze: 82, imdb: 'tt0944947' },
      episodesComplete: true,
    });
    expect(show.synopsis).toContain('Iron Throne');
    expect(show.description).toBe(show.synopsis);
    expect(show.seasonList).toHaveLength(8);
    expect(show.attribution).toContain('TVmaze');
  });

  it('404 for a show that does not exist, 400 for an id that cannot be one', async () => {
    expect((await get('/api/shows/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-5', '1.5', '99999999999999']) {
      const res = await get(`/api/shows/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().details).toHaveProperty('id');
    }
  });

  it('similar shows share a genre and never include the show itself', async () => {
    const body = (await get(`/api/shows/${gotId}/similar`, { limit: '8' })).json();
    expect(body.data).toHaveLength(8);
    for (const s of body.data as Show[]) {
      expect(s.id).not.toBe(gotId);
      expect(s.genres.some((g) => ['Adventure', 'Drama', 'Fantasy'].includes(g))).toBe(true);
    }
    expect((await get('/api/shows/999999/similar')).statusCode).toBe(404);
  });

  it('shows/search/{query} finds by title', async () => {
    const body = (await get('/api/shows/search/thrones', { limit: '3' })).json();
    expect(body.data[0].title).toBe('Game of Thrones');
  });
});

describe('episodes', () => {
  it("lists a show's episodes by season, then number", async () => {
    const res = await get(`/api/episodes/show/${gotId}`);
    const body = res.json();
    expect(body.total).toBe(73);
    const order = body.data.map(
      (e: { seasonNumber: number; episodeNumber: number }) =>
        e.seasonNumber * 1000 + e.episodeNumber,
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body.data[0]).toMatchObject({
      seasonNumber: 1,
      episodeNumber: 1,
      title: 'Winter is Coming',
      airDate: '2011-04-17',
      runtime: 60,
    });
    const season2 = (await get(`/api/episodes/show/${gotId}`, { season: '2' })).json();
    expect(season2.total).toBe(10);
    expect(season2.data.every((e: { seasonNumber: number }) => e.seasonNumber === 2)).toBe(true);
  });

  it('gives one episode with its show, and 404s', async () => {
    const list = (await get(`/api/episodes/show/${gotId}`)).json();
    const res = await get(`/api/episodes/${list.data[0].id}`);
    expect(res.json()).toMatchObject({
      title: 'Winter is Coming',
      show: { id: gotId, title: 'Game of Thrones' },
    });
    expect((await get('/api/episodes/99999999')).statusCode).toBe(404);
    expect((await get('/api/episodes/show/99999999')).statusCode).toBe(404);
    expect((await get('/api/episodes/x')).statusCode).toBe(400);
  });
});

describe('GET /api/stats/global', () => {
  it('counts live rows exactly', async () => {
    const before = (await get('/api/stats/global')).json();
    expect(before.totalShows).toBe(8809);
    await registerUser(t.app);
    await registerUser(t.app);
    const after = (await get('/api/stats/global')).json();
    expect(after.totalUsers).toBe(before.totalUsers + 2);
    expect(after.recentActivity.newUsers).toBe(before.recentActivity.newUsers + 2);
    expect(after).toMatchObject({ totalReviews: 0, totalLists: 0, totalFavorites: 0 });
    expect(after.averageRating).toBeGreaterThan(0);
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue endpoints', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const p of [
      '/api/shows',
      '/api/shows/{id}',
      '/api/shows/today',
      '/api/episodes/show/{showId}',
      '/api/search',
      '/api/search/suggestions',
      '/api/stats/global',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});

describe('response cache for catalogue reads', () => {
  it('serves a repeated read from memory with the same body and says so', async () => {
    t.app.responseCache.clear();
    const first = await get(`/api/shows/${gotId}`);
    const second = await get(`/api/shows/${gotId}`);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await t.app.inject({
      url: `/api/shows/${gotId}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(second.body).toBe(first.body);
    // Security headers are still sent on a hit.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keys by the whole URL and never caches errors', async () => {
    t.app.responseCache.clear();
    await get('/api/shows', { limit: '5' });
    expect((await get('/api/shows', { limit: '6' })).headers['x-cache']).toBe('miss');
    await get('/api/shows/999999');
    const again = await get('/api/shows/999999');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('shows a change once the cache is cleared by a catalogue write', async () => {
    t.app.responseCache.clear();
    await get(`/api/shows/${gotId}`);
    await t.db.kysely.updateTable('shows').set({ status: 'tbd' }).where('id', '=', gotId).execute();
    expect((await get(`/api/shows/${gotId}`)).json().status).toBe('completed');
    t.app.responseCache.clear();
    expect((await get(`/api/shows/${gotId}`)).json().status).toBe('tbd');
    await t.db.kysely
      .updateTable('shows')
      .set({ status: 'completed' })
      .where('id', '=', gotId)
      .execute();
    t.app.responseCache.clear();
  });
});
