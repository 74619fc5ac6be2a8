import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { bearer, buildShow, registerUser } from '../../../test/factories';
import { testConfig } from '../../../test/build-test-app';
import { emptyCatalogue, useTvmazeWorld } from '../../../test/tvmaze-world';
import { refreshDerivedShowData } from './search-index';

/*
 * Search that reaches TVmaze (issue 18), through the real app against a local stand-in for
 * TVmaze: a show the catalogue does not have is found, added once, gets its episodes, can be
 * tracked and reaches Up Next; a TVmaze that is down, slow or rate limiting never changes the
 * local answer.
 */

let app: FastifyInstance;

const world = useTvmazeWorld();

async function start(overrides: { metadataSync?: boolean } = {}) {
  app = await buildApp({
    config: testConfig({
      metadataSync: overrides.metadataSync ?? true,
      tvmazeBaseUrl: world.standIn.baseUrl,
    }),
    db: world.db,
  });
  await app.ready();
}

beforeEach(async () => {
  // Member data first: it points at the catalogue (RESTRICT, ADR 040).
  await emptyCatalogue(world.db, [
    'activities',
    'episode_plays',
    'episode_progress',
    'watchlist_items',
  ]);
});
afterEach(async () => {
  await app?.close();
});

/** A show already in the catalogue, in the search index as the importer would put it. */
async function localShow(title: string, extra: { tvdb_id?: number } = {}) {
  const show = await buildShow(world.db, { title, ...extra });
  await refreshDerivedShowData(world.db.kysely, [show.id]);
  return show;
}

const search = async (q: string, path = '/api/search/shows') => {
  const res = await app.inject({ method: 'GET', url: `${path}?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; title: string }[]; remote: string };
};
const sopranosRows = () =>
  world.db.kysely
    .selectFrom('shows')
    .select(['id', 'title'])
    .where('tvmaze_id', '=', 527)
    .execute();

describe('search reaches TVmaze', () => {
  it('finds a show the catalogue lacks, adds it once however many search at once', async () => {
    await start();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        // Different spellings of one query share the call; the cache key is the normalised text.
        search(i % 2 ? 'sopranos' : '  Sopranos '),
      ),
    );
    for (const answer of answers) {
      expect(answer.remote).toBe('searched');
      expect(answer.data[0]?.title).toBe('The Sopranos');
    }
    expect(await sopranosRows()).toHaveLength(1);
    expect(world.standIn.hitsOf('/search/shows')).toBe(1);

    // The header's suggestions and the global search see it as a local show now.
    const suggestions = await search('soprano', '/api/search/suggestions');
    expect(suggestions.data.map((s) => s.title)).toContain('The Sopranos');
    const global = await app.inject({ method: 'GET', url: '/api/search?q=the%20sopranos' });
    expect(global.json().shows[0].title).toBe('The Sopranos');
  });

  it('fetches its episodes in the background; it can be tracked and reaches Up Next', async () => {
    await start();
    await app.services.jobs.start();
    const [found] = (await search('sopranos')).data;
    expect(found).toBeDefined();
    await app.services.metadata.idle();

    const episodes = await app.inject({ method: 'GET', url: `/api/episodes/show/${found!.id}` });
    expect(episodes.statusCode).toBe(200);
    const list = episodes.json().data as { id: number; seasonNumber: number; title: string }[];
    expect(list.map((e) => e.title)).toEqual([
      'The Sopranos',
      '46 Long',
      'Denial, Anger, Acceptance',
      "Guy Walks Into a Psychiatrist's Office",
      'Do Not Resuscitate',
    ]);

    const member = await registerUser(app);
    const added = await app.inject({
      method: 'POST',
      url: '/api/user-content-status',
      headers: bearer(member.token),
      payload: { showId: found!.id, status: 'watching' },
    });
    expect(added.statusCode).toBe(201);
    const marked = await app.inject({
      method: 'POST',
      url: `/api/episodes/${list[0]!.id}/progress`,
      headers: bearer(member.token),
      payload: { watched: true },
    });
    expect(marked.statusCode).toBeLessThan(300);
    const upNext = await app.inject({
      method: 'GET',
      url: '/api/me/up-next',
      headers: bearer(member.token),
    });
    const entries = upNext.json().data as { item: { showId: number }; episode: { id: number } }[];
    expect(entries.find((e) => e.item.showId === found!.id)?.episode.id).toBe(list[1]!.id);
  });

  it('does not ask TVmaze when the catalogue already answers well', async () => {
    await start();
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'])
      await localShow(`Stargate ${name}`);
    const answer = await search('stargate');
    expect(answer.remote).toBe('skipped');
    expect(answer.data).toHaveLength(5);
    expect(world.standIn.hitsOf('/search/shows')).toBe(0);
  });

  it('answers locally, and says so, while TVmaze is down; it is not asked again at once', async () => {
    await start();
    const local = await localShow('The Sopranos Family Album');
    world.standIn.setDown(true);
    const first = await search('sopranos');
    expect(first.remote).toBe('unavailable');
    expect(first.data.map((s) => s.id)).toEqual([local.id]);
    expect(await sopranosRows()).toHaveLength(0);

    const hits = world.standIn.hits.length;
    const again = await search('sopranos family');
    expect(again.remote).toBe('unavailable');
    expect(again.data.map((s) => s.id)).toEqual([local.id]);
    expect(world.standIn.hits.length).toBe(hits);
  });

  it('does not hold the local answer for a slow TVmaze; its shows appear on the next search', async () => {
    await start();
    const local = await localShow('Sopranos Cooking');
    world.standIn.setDelay(2_500);
    const first = await search('sopranos');
    expect(first.remote).toBe('pending');
    expect(first.data.map((s) => s.id)).toEqual([local.id]);

    // The call goes on in the background; the cached answer above is dropped when it lands.
    await app.services.search.remoteIdle();
    const next = await search('sopranos');
    expect(next.data.map((s) => s.title).sort()).toEqual(['Sopranos Cooking', 'The Sopranos']);
    expect(world.standIn.hitsOf('/search/shows')).toBe(1);
  });

  it('keeps the local answer when TVmaze keeps answering 429', async () => {
    await start();
    const local = await localShow('Sopranos Cooking');
    world.standIn.rateLimit(50, '0');
    const first = await search('sopranos');
    expect(['pending', 'unavailable']).toContain(first.remote);
    expect(first.data.map((s) => s.id)).toEqual([local.id]);
    await app.services.search.remoteIdle();
    expect(await sopranosRows()).toHaveLength(0);
  });

  it('one row for a show added by search and then by an import lookup (and the other way)', async () => {
    await start();
    const [found] = (await search('sopranos')).data;
    const byImport = await app.services.metadata.lookupShow({ tvdb: 75299 });
    expect(byImport).toBe(found!.id);
    expect(await sopranosRows()).toHaveLength(1);

    // A Game of Thrones row from another source that carries its TheTVDB id is linked, not
    // duplicated, when TVmaze's record for it arrives.
    const linked = await localShow('Game of Thrones', { tvdb_id: 121361 });
    const id = await app.services.metadata.lookupShow({ tvdb: 121361 });
    expect(id).toBe(linked.id);
    const rows = await world.db.kysely
      .selectFrom('shows')
      .select(['id', 'tvmaze_id'])
      .where('title', '=', 'Game of Thrones')
      .execute();
    expect(rows).toEqual([{ id: linked.id, tvmaze_id: 82 }]);
  });

  it('never asks TVmaze with METADATA_SYNC=off', async () => {
    await start({ metadataSync: false });
    const answer = await search('sopranos');
    expect(answer).toMatchObject({ data: [], remote: 'skipped' });
    expect(world.standIn.hits).toHaveLength(0);
  });
});
