import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchMessages } from '@series-tracker/contracts';
import { buildApp } from '../../app';
import type { ShowRow } from '../../db/types';
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app';
import { bearer, buildShow, buildShowWithEpisodes, registerUser } from '../../../test/factories';
import { trackShow } from '../../../test/http';
import { startTmdbStandIn, TMDB_TEST_KEY, type TmdbStandIn } from '../../../test/tmdb-stand-in';
import { createTestDb } from '../../../test/test-db';
import { REFRESH_PROVIDERS_JOB, REFRESH_STALE_JOB } from './watch.service';

/**
 * Where to watch (ADR 182) against the TMDB stand-in: the job fills the cache from /find and
 * /watch/providers, the show endpoint answers per country, settings validate, and "On my
 * services" filters browse, search, the watchlist, Up Next and lists on either database.
 */
let standIn: TmdbStandIn;
let db: Awaited<ReturnType<typeof createTestDb>>;
let app: FastifyInstance;
let got: ShowRow; // found by its TheTVDB id
let bb: ShowRow; // TheTVDB id unknown to TMDB: found by its IMDb id
let netflixOnly: ShowRow; // no ids at all: only its web channel
let unknown: ShowRow; // ids TMDB does not know

/** A show of one season of two episodes (the ones members mark), as the catalogue holds it. */
const showWithTwoEpisodes = async (fields: Parameters<typeof buildShowWithEpisodes>[3]) =>
  (await buildShowWithEpisodes(db, 1, 2, fields)).show;

beforeAll(async () => {
  standIn = await startTmdbStandIn();
  db = await createTestDb();
  app = await buildApp({
    config: testConfig({ tmdb: { apiKey: TMDB_TEST_KEY, baseUrl: standIn.baseUrl } }),
    db,
  });
  await app.ready();
  await app.services.jobs.start();
  got = await showWithTwoEpisodes({
    title: 'Game of Thrones',
    tvdb_id: 121361,
    imdb_id: 'tt0944947',
    network_name: 'HBO',
    network_country: 'US',
    country: 'US',
  });
  bb = await showWithTwoEpisodes({
    title: 'Breaking Bad',
    tvdb_id: 81189,
    imdb_id: 'tt0903747',
    network_name: 'AMC',
    network_country: 'US',
  });
  netflixOnly = await showWithTwoEpisodes({ title: 'Black Mirror', streaming_service: 'Netflix' });
  unknown = await buildShow(db, { title: 'Nowhere', tvdb_id: 4242 });
});
afterAll(async () => {
  await app.close();
  await db.drop();
  await standIn.close();
});

const watchOf = async (id: number, query = '', token?: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/shows/${id}/watch${query}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function filled(id: number) {
  await watchOf(id);
  await app.services.jobs.idle(REFRESH_PROVIDERS_JOB);
}

describe('the show endpoint and the refresh job', () => {
  it('queues a refresh on first view, then answers with the providers of the asked country', async () => {
    const first = await watchOf(got.id, '?country=gb');
    expect(first).toMatchObject({
      status: 'pending',
      providersEnabled: true,
      country: 'GB',
      providers: null,
      channel: { kind: 'network', name: 'HBO', country: 'US' },
    });
    await app.services.jobs.idle(REFRESH_PROVIDERS_JOB);
    expect(standIn.hits).toContain('/3/find/121361?external_source=tvdb_id');
    expect(standIn.hits).toContain('/3/tv/1399/watch/providers');

    const gb = await watchOf(got.id, '?country=GB');
    expect(gb.status).toBe('ready');
    expect(gb.countries).toEqual(['DE', 'GB', 'US']);
    expect(gb.providers.link).toContain('locale=GB');
    expect(gb.providers.flatrate.map((p: { name: string }) => p.name)).toEqual([
      'Now TV',
      'Sky Go',
    ]);
    expect(gb.providers.buy[0]).toEqual({
      id: 2,
      name: 'Apple TV',
      logoUrl: 'https://image.tmdb.org/t/p/w92/pZgeSWpfvD59x6sY6stT5c6uc2h.jpg',
    });
    expect(gb.providers.rent).toEqual([]);
    // A country TMDB lists nothing in: ready, but nothing for it.
    const fr = await watchOf(got.id, '?country=FR');
    expect(fr).toMatchObject({ status: 'ready', providers: null });
  });

  it('falls back to the IMDb id when TMDB does not know the TheTVDB id', async () => {
    await filled(bb.id);
    expect(standIn.hits).toContain('/3/find/81189?external_source=tvdb_id');
    expect(standIn.hits).toContain('/3/find/tt0903747?external_source=imdb_id');
    const us = await watchOf(bb.id, '?country=US');
    expect(us.providers.flatrate.map((p: { name: string }) => p.name)).toEqual([
      'Netflix',
      'Peacock Premium',
    ]);
  });

  it('says "none" for a show TMDB does not know, and names a web channel', async () => {
    await filled(unknown.id);
    expect(await watchOf(unknown.id, '?country=US')).toMatchObject({
      status: 'none',
      providers: null,
      channel: null,
    });
    await filled(netflixOnly.id);
    expect((await watchOf(netflixOnly.id)).channel).toEqual({
      kind: 'web',
      name: 'Netflix',
      country: null,
    });
  });

  it('uses the member country when the URL names none', async () => {
    const m = await registerUser(app);
    await app.inject({
      method: 'PUT',
      url: '/api/me/watch-settings',
      headers: bearer(m.token),
      payload: { country: 'DE', services: [] },
    });
    const de = await watchOf(got.id, '', m.token);
    expect(de.country).toBe('DE');
    expect(de.providers.flatrate.map((p: { name: string }) => p.name)).toEqual(['WOW']);
  });

  it('the schedule reads stale providers again', async () => {
    await db.kysely
      .updateTable('watch_provider_lookups')
      .set({ fetched_at: '2020-01-01T00:00:00.000Z' })
      .where('show_id', '=', got.id)
      .execute();
    const before = standIn.hits.filter((h) => h === '/3/tv/1399/watch/providers').length;
    await app.services.jobs.enqueue(REFRESH_STALE_JOB);
    await app.services.jobs.idle(REFRESH_STALE_JOB);
    await app.services.jobs.idle(REFRESH_PROVIDERS_JOB);
    const after = standIn.hits.filter((h) => h === '/3/tv/1399/watch/providers').length;
    expect(after).toBe(before + 1);
    const row = await db.kysely
      .selectFrom('watch_provider_lookups')
      .select('fetched_at')
      .where('show_id', '=', got.id)
      .executeTakeFirstOrThrow();
    expect(row.fetched_at > '2026-01-01').toBe(true);
  });

  it('answers 404 for an unknown show and 400 for a country off the list', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/shows/999999/watch' });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: `/api/shows/${got.id}/watch?country=XX` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('settings and the services to pick from', () => {
  it('saves a country and services, validates them, and needs a sign-in', async () => {
    const m = await registerUser(app);
    const anon = await app.inject({ method: 'GET', url: '/api/me/watch-settings' });
    expect(anon.statusCode).toBe(401);
    const empty = await app.inject({
      method: 'GET',
      url: '/api/me/watch-settings',
      headers: bearer(m.token),
    });
    expect(empty.json()).toEqual({ country: null, services: [], providersEnabled: true });
    const put = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/api/me/watch-settings',
        headers: bearer(m.token),
        payload: payload as object,
      });
    const badCountry = await put({ country: 'ZZ', services: [] });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().details.country).toBe(watchMessages.country);
    const badName = await put({ country: 'GB', services: ['A, B'] });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().details['services.0']).toBe(watchMessages.serviceName);
    const ok = await put({ country: 'gb', services: ['Netflix', ' Now TV ', 'Netflix'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      country: 'GB',
      services: ['Netflix', 'Now TV'],
      providersEnabled: true,
    });
  });

  it('offers the providers TMDB lists in the country, then networks and web channels', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/watch/services?country=GB' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; source: string }[];
    const tmdbNames = data.filter((o) => o.source === 'tmdb').map((o) => o.name);
    expect(tmdbNames).toEqual(expect.arrayContaining(['Netflix', 'Now TV', 'Sky Go', 'Channel 4']));
    expect(tmdbNames).not.toContain('Apple TV'); // buy only: not a service one subscribes to
    // Netflix once, from TMDB; the web channel name is not repeated.
    expect(data.filter((o) => o.name.toLowerCase() === 'netflix')).toHaveLength(1);
  });
});

describe('"On my services"', () => {
  let token: string;
  beforeAll(async () => {
    const m = await registerUser(app);
    token = m.token;
    for (const show of [got, bb, netflixOnly, unknown]) {
      const res = await trackShow(app, token, show.id, { status: 'watching' });
      expect(res.statusCode).toBeLessThan(300);
    }
  });

  const titles = (rows: { title?: string; show?: { title: string } }[]) =>
    rows.map((r) => r.title ?? r.show?.title).sort();

  it('filters the watchlist by TMDB providers in the country and by channel names', async () => {
    const get = async (q: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/user-content-status?${q}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const netflixGb = await get('services=netflix&servicesCountry=GB');
    expect(netflixGb.total).toBe(2);
    expect(titles(netflixGb.data.map((i: { show: unknown }) => i))).toEqual([
      'Black Mirror',
      'Breaking Bad',
    ]);
    // Now TV streams Game of Thrones in GB, not in the US.
    expect((await get('services=Now TV&servicesCountry=GB')).total).toBe(1);
    expect((await get('services=Now TV&servicesCountry=US')).total).toBe(0);
    // Without a country only the network or web channel counts.
    expect((await get('services=HBO')).total).toBe(1);
    expect((await get('sort=title')).total).toBe(4);
  });

  it('filters Up Next, browse, search and list items the same way', async () => {
    const upNext = await app.inject({
      method: 'GET',
      url: '/api/me/up-next?services=Now TV,Netflix&servicesCountry=GB',
      headers: bearer(token),
    });
    expect(upNext.statusCode).toBe(200);
    expect(titles(upNext.json().data.map((e: { item: unknown }) => e.item))).toEqual([
      'Black Mirror',
      'Breaking Bad',
      'Game of Thrones',
    ]);
    expect(upNext.json().total).toBe(3);

    const browse = await app.inject({
      method: 'GET',
      url: '/api/shows?services=Max&servicesCountry=US',
    });
    expect(browse.json().data.map((s: { title: string }) => s.title)).toEqual(['Game of Thrones']);
    const search = await app.inject({
      method: 'GET',
      url: '/api/search/advanced?q=&services=Netflix',
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.map((s: { title: string }) => s.title)).toEqual(['Black Mirror']);

    const list = await app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: bearer(token),
      payload: {
        name: 'Evenings',
        items: [got, bb, netflixOnly, unknown].map((s) => ({ showId: s.id })),
      },
    });
    expect(list.statusCode).toBe(201);
    const items = await app.inject({
      method: 'GET',
      url: `/api/lists/${list.json().id}/items?services=Sky Go&servicesCountry=GB`,
    });
    expect(items.json().total).toBe(1);
    expect(items.json().data[0].show.title).toBe('Game of Thrones');
  });

  it('rejects a services filter that is too long', async () => {
    const names = Array.from({ length: 51 }, (_, i) => `S${i}`).join(',');
    const res = await app.inject({
      method: 'GET',
      url: `/api/shows?services=${names}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('without TMDB_API_KEY', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain.close());

  it('shows the channel only, queues nothing, and still filters by channel names', async () => {
    const show = await buildShow(plain.db, {
      title: 'Severance',
      streaming_service: 'Apple TV+',
      tvdb_id: 371980,
    });
    const res = await plain.app.inject({ method: 'GET', url: `/api/shows/${show.id}/watch` });
    expect(res.json()).toEqual({
      showId: show.id,
      channel: { kind: 'web', name: 'Apple TV+', country: null },
      providersEnabled: false,
      country: null,
      status: 'off',
      providers: null,
      countries: [],
    });
    expect(await plain.app.services.jobs.openCounts()).toEqual([]);
    const browse = await plain.app.inject({
      method: 'GET',
      url: '/api/shows?services=apple tv%2B&servicesCountry=US',
    });
    expect(browse.json().data.map((s: { title: string }) => s.title)).toEqual(['Severance']);
    const options = await plain.app.inject({
      method: 'GET',
      url: '/api/watch/services?country=US',
    });
    expect(options.json().data).toEqual([{ name: 'Apple TV+', logoUrl: null, source: 'channel' }]);
  });
});
