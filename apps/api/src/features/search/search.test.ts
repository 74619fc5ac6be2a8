import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { registerUser } from '../../../test/factories';
import { importCatalog, readCatalogFile } from '../catalog/catalog.importer';
import { createSearchRepository } from './search.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The real catalogue: search quality is only meaningful on real titles.
  await importCatalog(t.db, readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz')));
}, 120_000);
afterAll(() => t.close());

const call = caller(() => t.app);

const searchShows = async (q: string, limit = 5) => {
  const res = await t.app.inject({ url: '/api/search/shows', query: { q, limit: String(limit) } });
  expect(res.statusCode, `${q}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json() as {
    data: { title: string; titleEnglish: string | null; relevanceScore: number }[];
    total: number;
  };
};

describe('search quality (the real catalogue)', () => {
  it.each([
    ['breaking bad', 'Breaking Bad'],
    ['Breaking Bad', 'Breaking Bad'],
    ['brakng bad', 'Breaking Bad'], // two letters missing in a 6-letter word
    ['game of thrones', 'Game of Thrones'],
    ['game of thrnes', 'Game of Thrones'], // one typo
    ['GAME OF', 'Game of Thrones'], // prefix, any case
    ['doctor who', 'Doctor Who'],
    ['shield', "Marvel's Agents of S.H.I.E.L.D."], // dots inside a word ignored
    ['pokemon', 'Pokemon'],
    ['Pokémon', 'Pokemon'], // diacritics ignored
    ['frieren', "Frieren: Beyond the Journey's End"],
    ['進撃の巨人', 'Attack on Titan'], // CJK original title finds the show (ADR 120: tidied case)
    ['upstart', 'Upstart Crow'],
    // Folded in from shared/data/tvmaze-extra (ADR 120).
    ['the office', 'The Office'],
    ['sopranos', 'The Sopranos'],
    ['stranger things', 'Stranger Things'],
    ['friends', 'Friends'],
    ['seinfeld', 'Seinfeld'],
    ['better call saul', 'Better Call Saul'],
  ])('%s → %s first', async (q, expected) => {
    const { data } = await searchShows(q);
    expect(data[0]?.title).toBe(expected);
  });

  it('ranks an exact title above longer titles that contain it', async () => {
    const { data } = await searchShows('pokemon', 10);
    expect(data[0]!.title).toBe('Pokemon');
    expect(data.slice(1).every((s) => s.relevanceScore < data[0]!.relevanceScore)).toBe(true);
    const scores = data.map((s) => s.relevanceScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('finds nothing for text that matches no title', async () => {
    expect((await searchShows('xyzzyq')).data).toEqual([]);
  });

  it.each([
    ['quotes', '"; drop table shows; --'],
    ['FTS operators', 'NOT OR AND NEAR(a b) * ^'],
    ['SQL LIKE wildcards', '%%__%'],
    ['emoji', '🎬📺🍿'],
    ['a thousand characters', 'breaking bad '.repeat(77).slice(0, 1000)],
    ['only spaces', '     '],
    ['backslashes', '\\\\ \\" \\'],
    ['control characters', 'a\u0000b\u0007c'],
  ])('answers %s with results or an empty list, never an error', async (_name, q) => {
    const res = await t.app.inject({ url: '/api/search', query: { q } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().shows)).toBe(true);
    const shows = await t.db.kysely
      .selectFrom('shows')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(shows.n)).toBe(8809);
  });
});

describe('search endpoints', () => {
  it('GET /api/search returns shows, users and reviews, capped at 50', async () => {
    await registerUser(t.app, { username: 'breaking_fan' });
    const res = await t.app.inject({ url: '/api/search', query: { q: 'breaking', limit: '50' } });
    const body = res.json();
    expect(body.shows[0].title).toBe('Breaking Bad');
    expect(body.users.map((u: { username: string }) => u.username)).toContain('breaking_fan');
    expect(body.users[0]).not.toHaveProperty('email');
    expect(body.reviews).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/search', query: { q: 'a', limit: '51' } })).statusCode,
    ).toBe(400);
  });

  it('finds members typo-tolerantly; a private profile by its name, never its bio (ADR 090)', async () => {
    const hidden = await registerUser(t.app, { username: 'hidden_viewer' });
    await call(hidden.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { bio: 'my secret bio', isPrivate: true },
    });
    const res = await t.app.inject({ url: '/api/search/users', query: { q: 'hidden_viewer' } });
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ id: hidden.user.id, isPublic: false, bio: null });
    expect(res.body).not.toContain('my secret bio');
    const typo = await t.app.inject({ url: '/api/search/users', query: { q: 'hiddne_viewer' } });
    expect(typo.json().data.map((u: { id: number }) => u.id)).toContain(hidden.user.id);
    const global = await t.app.inject({ url: '/api/search', query: { q: 'hiden_viewer' } });
    expect(global.json().users[0]).toMatchObject({ id: hidden.user.id, bio: null });
  });

  it('suggestions need two characters and honour the limit', async () => {
    const one = await t.app.inject({ url: '/api/search/suggestions', query: { q: ' b ' } });
    expect(one.json().data).toEqual([]);
    const res = await t.app.inject({
      url: '/api/search/suggestions',
      query: { q: 'the', limit: '6' },
    });
    expect(res.json().data.length).toBe(6);
    const def = await t.app.inject({ url: '/api/search/suggestions', query: { q: 'the' } });
    expect(def.json().data.length).toBe(10);
  });

  it('search/shows pages through results', async () => {
    const first = await searchShows('the', 5);
    const res = await t.app.inject({
      url: '/api/search/shows',
      query: { q: 'the', limit: '5', offset: '5' },
    });
    const second = res.json();
    expect(second.offset).toBe(5);
    expect(second.total).toBe(first.total);
    expect(second.data.map((s: { title: string }) => s.title)).not.toContain(first.data[0]!.title);
  });

  it('advanced search combines a query with filters', async () => {
    const res = await t.app.inject({
      url: '/api/search/advanced',
      query: { q: 'pokemon', kind: 'anime' },
    });
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((s: { kind: string }) => s.kind === 'anime')).toBe(true);
    const bad = await t.app.inject({
      url: '/api/search/advanced',
      query: { q: 'x', status: 'finished' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toHaveProperty('status');
  });

  it('lists search is the lists feature’s search (an unmatched query: an empty page)', async () => {
    const res = await t.app.inject({ url: '/api/search/lists', query: { q: 'no such list name' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0 });
  });
});

describe('search history', () => {
  it('is private to its user, newest first, deduplicated and clearable', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/search/history' })).statusCode).toBe(401);
    for (const query of ['breaking bad', 'frieren', 'breaking bad']) {
      const res = await call(a.token, {
        method: 'POST',
        url: '/api/search/history',
        payload: { query },
      });
      expect(res.statusCode).toBe(204);
    }
    const mine = await call(a.token, { url: '/api/search/history' });
    expect(mine.json().data.map((h: { query: string }) => h.query)).toEqual([
      'breaking bad',
      'frieren',
    ]);
    const theirs = await call(b.token, { url: '/api/search/history' });
    expect(theirs.json().data).toEqual([]);

    const blank = await call(a.token, {
      method: 'POST',
      url: '/api/search/history',
      payload: { query: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.query).toBe('Query is required');

    expect((await call(a.token, { method: 'DELETE', url: '/api/search/history' })).statusCode).toBe(
      204,
    );
    expect((await call(a.token, { url: '/api/search/history' })).json().data).toEqual([]);
  });

  it('a repeated query goes to the top even within the same millisecond', async () => {
    const a = await registerUser(t.app);
    const repo = createSearchRepository(t.db.kysely, t.db.dialect);
    const now = new Date().toISOString();
    for (const query of ['breaking bad', 'frieren', 'breaking bad'])
      await repo.remember(a.user.id, query, now, 20);
    const mine = await call(a.token, { url: '/api/search/history' });
    expect(mine.json().data.map((h: { query: string }) => h.query)).toEqual([
      'breaking bad',
      'frieren',
    ]);
  });

  it('keeps only the newest 20', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 23; i++) {
      await call(a.token, {
        method: 'POST',
        url: '/api/search/history',
        payload: { query: `query ${i}` },
      });
    }
    const list = (await call(a.token, { url: '/api/search/history' })).json().data;
    expect(list).toHaveLength(20);
    expect(list[0].query).toBe('query 22');
  });
});
