import type { Db } from '../src/db/connection';
import { timeRequests, type App } from './timing';

/** Searches as people type them: prefixes, typos, other scripts, a miss. */
export const QUERIES = [
  'br',
  'bre',
  'brea',
  'breaking',
  'brakng bad',
  'game of',
  'thrones',
  'pokemon',
  'Pokémon',
  'doctor who',
  'frieren',
  '進撃',
  'shield',
  'the',
  'office',
  'xyzzy',
];

/** The ids of the most popular shows (skipping the `offset` first): the pages a busy site serves most. */
export async function popularShowIds(db: Db, limit = 200, offset = 0) {
  const query = db.kysely
    .selectFrom('shows')
    .select('id')
    .orderBy('popularity', 'desc')
    .limit(limit);
  return (await (offset ? query.offset(offset) : query).execute()).map((r) => r.id);
}

/** Catalogue reads through app.inject: suggestions, show pages, lists of shows, search. */
export async function benchCatalogue(app: App, ids: number[], queries: string[]) {
  await timeRequests(
    app,
    'GET /api/search/suggestions (limit 6)',
    queries.map((q) => `/api/search/suggestions?limit=6&q=${encodeURIComponent(q)}`),
  );
  await timeRequests(
    app,
    'GET /api/shows/{id}',
    ids.map((id) => `/api/shows/${id}`),
  );
  await timeRequests(app, 'GET /api/shows (popular, 20)', [
    '/api/shows?limit=20',
    '/api/shows?limit=20&offset=100',
    '/api/shows?genre=Drama&limit=20',
  ]);
  await timeRequests(
    app,
    'GET /api/search (q, limit 50)',
    queries.map((q) => `/api/search?limit=50&q=${encodeURIComponent(q)}`),
  );
  await timeRequests(app, 'GET /api/shows/trending', ['/api/shows/trending']);
  await timeRequests(
    app,
    'GET /api/episodes/show/{id}',
    ids.slice(0, 50).map((id) => `/api/episodes/show/${id}`),
  );
}

/** The hot reads of issue 8 §7, each with the URLs a busy site would see for it. */
export function hotEndpoints(ids: number[], queries: string[], bigListId: number) {
  const q = (s: string) => encodeURIComponent(s);
  return [
    // Lists (issue 10): index pages over 10,000 lists, and a 1,000-item list's page as a
    // visitor loads it (the list, then its items 100 at a time).
    {
      name: 'lists index',
      urls: [
        '/api/lists',
        '/api/lists?offset=12',
        '/api/lists?isRanked=true',
        '/api/lists?sort=name&order=asc',
        '/api/lists/popular',
        '/api/lists/recent',
      ],
    },
    {
      name: 'list 1k detail',
      urls: [
        `/api/lists/${bigListId}`,
        ...Array.from(
          { length: 10 },
          (_, i) => `/api/lists/${bigListId}/items?limit=100&offset=${i * 100}`,
        ),
      ],
    },
    {
      name: 'suggestions',
      urls: queries.map((s) => `/api/search/suggestions?limit=8&q=${q(s)}`),
    },
    { name: 'show', urls: ids.map((id) => `/api/shows/${id}`) },
    { name: 'episodes', urls: ids.slice(0, 50).map((id) => `/api/episodes/show/${id}`) },
    { name: 'trending', urls: ['/api/shows/trending?limit=10'] },
    { name: 'global search', urls: queries.map((s) => `/api/search?limit=20&q=${q(s)}`) },
    { name: 'stats', urls: ['/api/stats/global'] },
    { name: 'search ?q=the', urls: ['/api/search?q=the'] },
    {
      name: 'search/advanced',
      urls: [
        '/api/search/advanced?q=the&kind=series',
        '/api/search/advanced?q=the&sort=top_rated',
        '/api/search/advanced?q=dragon&kind=anime',
        '/api/search/advanced?q=doctor&status=completed&limit=20',
      ],
    },
  ];
}

/**
 * `count` made-up episodes of a show, `perSeason` a season from season `firstSeason` (high
 * numbers, clear of the catalogue's own), ids `<prefix>:<showId>:<k>`: what the bench's
 * members watch.
 */
export function benchEpisodes(
  showId: number,
  {
    prefix,
    count,
    perSeason,
    firstSeason,
    airDate,
    now,
  }: {
    prefix: string;
    count: number;
    perSeason: number;
    firstSeason: number;
    airDate: (k: number) => string;
    now: string;
  },
) {
  return Array.from({ length: count }, (_, k) => ({
    source_id: `${prefix}:${showId}:${k}`,
    source_hash: 'bench',
    show_id: showId,
    season_number: firstSeason + Math.floor(k / perSeason),
    episode_number: (k % perSeason) + 1,
    type: 'regular',
    title: `Bench episode ${k + 1}`,
    air_date: airDate(k),
    created_at: now,
    updated_at: now,
  }));
}
