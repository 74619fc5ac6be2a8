import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import yazl from 'yazl';
import type { Db } from '../src/db/connection';
import { buildEpisode, buildShow } from './factories';

/**
 * Import fixtures written from the format notes (shared/formats/import-formats.md), one per
 * format and layout, with the traps the notes list. ZIPs are built here with yazl rather than
 * committed as binaries. Every fixture refers to the small catalogue `seedImportCatalogue`
 * builds.
 */

export const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-fixtures-'));

export async function zipFile(
  name: string,
  members: Record<string, string | Buffer>,
  opts: { compress?: boolean } = {},
): Promise<string> {
  const file = path.join(dir, name);
  const zip = new yazl.ZipFile();
  for (const [member, content] of Object.entries(members))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), member, {
      compress: opts.compress ?? true,
    });
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject),
  );
  return file;
}

export function textFile(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** The catalogue the fixtures point at. */
export async function seedImportCatalogue(db: Db) {
  const longRoad = await buildShow(db, {
    title: 'The Long Road',
    tvdb_id: 1001,
    imdb_id: 'tt0001001',
    tmdb_id: 5001,
    first_air_date: '2015-01-10',
    status: 'completed',
    episodes_complete: 1,
    episode_count: 6,
    season_count: 2,
  });
  const lr: Record<string, number> = {};
  for (const s of [1, 2])
    for (const n of [1, 2, 3])
      lr[`${s}:${n}`] = (
        await buildEpisode(db, longRoad.id, {
          season_number: s,
          episode_number: n,
          air_date: `201${4 + s}-0${n}-10`,
        })
      ).id;
  // Specials as TVmaze lists them: unnumbered, inside the season they aired in.
  lr.special1 = (
    await buildEpisode(db, longRoad.id, {
      season_number: 1,
      episode_number: null,
      type: 'special',
      air_date: '2015-12-24',
    })
  ).id;
  lr.special2 = (
    await buildEpisode(db, longRoad.id, {
      season_number: 2,
      episode_number: null,
      type: 'special',
      air_date: '2016-12-24',
    })
  ).id;

  // A partial list (TVmaze schedules only brought two episodes).
  const nightShift = await buildShow(db, {
    title: 'Night Shift',
    tvdb_id: 1002,
    first_air_date: '2018-05-01',
    status: 'airing',
    episodes_complete: 0,
  });
  const ns: Record<string, number> = {};
  for (const n of [1, 2])
    ns[`1:${n}`] = (
      await buildEpisode(db, nightShift.id, {
        season_number: 1,
        episode_number: n,
        air_date: `2018-05-0${n}`,
      })
    ).id;

  const echo2012 = await buildShow(db, {
    title: 'Echo',
    tvdb_id: 1003,
    first_air_date: '2012-02-02',
  });
  const echo2020 = await buildShow(db, { title: 'Echo', first_air_date: '2020-09-09' });
  const quietHarbor = await buildShow(db, {
    title: 'Quiet Harbor',
    tvdb_id: 1004,
    imdb_id: 'tt0001004',
    first_air_date: '2019-03-03',
  });
  const spiritBlade = await buildShow(db, {
    title: 'Spirit Blade',
    kind: 'anime',
    mal_id: 3001,
    first_air_date: '2021-04-04',
    status: 'completed',
    episodes_complete: 1,
  });
  const sb: Record<string, number> = {};
  for (const n of [1, 2, 3])
    sb[`1:${n}`] = (
      await buildEpisode(db, spiritBlade.id, {
        season_number: 1,
        episode_number: n,
        air_date: `2021-04-0${n + 3}`,
      })
    ).id;
  return { longRoad, lr, nightShift, ns, echo2012, echo2020, quietHarbor, spiritBlade, sb };
}

const longRoadTrakt = {
  title: 'The Long Road',
  year: 2015,
  ids: {
    trakt: 501,
    slug: 'the-long-road',
    tvdb: 1001,
    imdb: 'tt0001001',
    tmdb: 5001,
    tvrage: null,
  },
  aired_episodes: 6,
};
const nightShiftTrakt = {
  title: 'Night Shift',
  year: 2018,
  ids: {
    trakt: 502,
    slug: 'night-shift',
    tvdb: 1002,
    imdb: null,
    tmdb: null,
    plex: { guid: null, slug: 'x' },
  },
};
const ghostTrakt = {
  title: 'Ghost Show',
  year: 2001,
  ids: { trakt: 599, slug: 'ghost', tvdb: 9999, imdb: null, tmdb: null },
};
const echoTrakt = {
  title: 'Echo',
  year: 2020,
  ids: { trakt: 503, slug: 'echo-2020', tvdb: null, imdb: null, tmdb: null },
};
const echoWrongYear = {
  title: 'Echo',
  year: 2016,
  ids: { trakt: 504, slug: 'echo-2016', tvdb: null, imdb: null, tmdb: null },
};
const quietTrakt = {
  title: 'Quiet Harbor',
  year: 2019,
  ids: { trakt: 505, slug: 'quiet-harbor', tvdb: 1004, imdb: 'tt0001004', tmdb: null },
};

let historyId = 12152226892;
const play = (show: object, season: number, number: number, at: string, action = 'watch') => ({
  id: historyId++,
  watched_at: at,
  action,
  type: 'episode',
  episode: {
    season,
    number,
    title: `Episode ${number}`,
    ids: { trakt: historyId, tvdb: null, imdb: null, tmdb: null },
  },
  show,
});
const moviePlay = {
  id: historyId++,
  watched_at: '2020-02-02T20:00:00.000Z',
  action: 'checkin',
  type: 'movie',
  movie: {
    title: 'A Film',
    year: 2019,
    ids: { trakt: 1, slug: 'a-film', imdb: 'tt9', tmdb: null },
  },
};

/** The flat 2026 Trakt export: paged history (1, 2 and 10), rewatches, specials, traps. */
export function traktFlatMembers(): Record<string, string> {
  const j = (v: unknown) => JSON.stringify(v, null, 1);
  // Newest first, page 1 the newest.
  const page1 = [
    play(longRoadTrakt, 1, 1, '2023-06-01T21:00:00.000Z', 'scrobble'),
    play(longRoadTrakt, 5, 1, '2023-05-01T21:00:00.000Z'),
    play(ghostTrakt, 1, 1, '2023-04-01T21:00:00.000Z'),
    moviePlay,
  ];
  const page2 = [
    play(longRoadTrakt, 1, 1, '2022-06-01T21:00:00.000Z', 'checkin'),
    play(longRoadTrakt, 0, 1, '2022-01-01T10:00:00.000Z'),
    play(nightShiftTrakt, 1, 3, '2021-11-11T11:00:00.000Z'),
    play(nightShiftTrakt, 1, 1, '2021-11-10T11:00:00.000Z'),
  ];
  const page10 = [
    play(longRoadTrakt, 2, 1, '2016-03-01T20:00:00.000Z'),
    play(longRoadTrakt, 1, 3, '2015-02-03T20:00:00.000Z'),
    play(longRoadTrakt, 1, 2, '2015-02-02T20:00:00.000Z'),
    play(longRoadTrakt, 1, 1, '2015-02-01T20:00:00.000Z'),
  ];
  return {
    'watched-history-1.json': j(page1),
    'watched-history-2.json': j(page2),
    'watched-history-10.json': j(page10),
    // 2026 aggregates: no per-episode dates, never turned into plays.
    'watched-shows.json': j([
      { plays: 7, last_watched_at: '2023-06-01T21:00:00.000Z', show: longRoadTrakt },
    ]),
    'watched-movies.json': '[]',
    'ratings-shows.json': j([
      { rated_at: '2023-06-02T08:00:00.000Z', rating: 9, type: 'show', show: longRoadTrakt },
      { rated_at: '2021-01-01T08:00:00.000Z', rating: 7, type: 'show', show: echoTrakt },
    ]),
    'ratings-seasons.json': '[]',
    'ratings-episodes.json': j([
      {
        rated_at: '2015-02-01T22:00:00.000Z',
        rating: 10,
        type: 'episode',
        episode: { season: 1, number: 1, ids: {} },
        show: longRoadTrakt,
      },
    ]),
    'ratings-movies.json': '[]',
    'lists-watchlist.json': j([
      {
        rank: 1,
        id: 1,
        listed_at: '2019-05-05T05:05:00.000Z',
        notes: null,
        type: 'show',
        show: quietTrakt,
      },
      {
        rank: 2,
        id: 2,
        listed_at: '2019-05-06T05:05:00.000Z',
        notes: null,
        type: 'show',
        show: echoWrongYear,
      },
      {
        rank: 3,
        id: 3,
        listed_at: '2019-05-07T05:05:00.000Z',
        notes: null,
        type: 'movie',
        movie: moviePlay.movie,
      },
    ]),
    'lists-favorites.json': j([
      {
        rank: 1,
        id: 9,
        listed_at: '2017-07-07T07:07:00.000Z',
        notes: null,
        type: 'show',
        show: longRoadTrakt,
      },
    ]),
    'lists-lists.json': j([
      {
        name: 'Best of',
        description: 'My favourites',
        privacy: 'public',
        created_at: '2018-08-08T08:08:00.000Z',
        ids: { trakt: 77, slug: 'best-of' },
      },
    ]),
    'lists-list-77-best-of.json': j([
      {
        rank: 2,
        id: 11,
        listed_at: '2018-08-08T08:09:00.000Z',
        notes: null,
        type: 'show',
        show: quietTrakt,
      },
      {
        rank: 1,
        id: 10,
        listed_at: '2018-08-08T08:08:00.000Z',
        notes: 'Start here',
        type: 'show',
        show: longRoadTrakt,
      },
      {
        rank: 3,
        id: 12,
        listed_at: '2018-08-08T08:10:00.000Z',
        notes: null,
        type: 'person',
        person: { name: 'Someone' },
      },
    ]),
    'comments-shows.json': j([
      {
        type: 'show',
        show: longRoadTrakt,
        comment: {
          id: 77001,
          comment: 'A slow start, then the best second season I have seen in years.',
          spoiler: false,
          review: false,
          parent_id: 0,
          created_at: '2016-04-01T18:30:00.000Z',
          updated_at: '2016-04-01T18:30:00.000Z',
          replies: 0,
          likes: 3,
          user_rating: null,
        },
      },
    ]),
    'comments-movies.json': '[]',
    // An e-mail address: must never be read.
    'user-settings.json': j({
      user: { username: 'ann' },
      account: { timezone: 'Europe/Paris' },
      email: 'ann@example.test',
    }),
    'user-profile.json': 'not even JSON: never opened',
  };
}

/** What the flat Trakt fixture must import. */
export const traktFlatExpected = {
  shows: { matched: 4, added: 0, unmatched: 2 },
  episodes: { marked: 6, alreadyWatched: 0, held: 1, unmatched: 1 },
  ratings: 2,
  watchlist: 4,
  favorites: 1,
  lists: 1,
  reviews: 1,
};

/** The nested layout seen in Feb 2026: a root folder and subfolders, older aggregates with dates. */
export function traktNestedMembers(): Record<string, string> {
  const j = (v: unknown) => JSON.stringify(v);
  return {
    'ann/watched/watched-shows.json': j([
      {
        plays: 2,
        last_watched_at: '2020-01-02T10:00:00.000Z',
        show: longRoadTrakt,
        seasons: [
          {
            number: 1,
            episodes: [
              { number: 1, plays: 1, last_watched_at: '2020-01-01T10:00:00.000Z' },
              { number: 2, plays: 1, last_watched_at: '2020-01-02T10:00:00.000Z' },
            ],
          },
        ],
      },
    ]),
    // The nested layout's movie aggregate: not imported, but counted (issue 19).
    'ann/watched/watched-movies.json': j([
      {
        plays: 1,
        last_watched_at: '2020-01-05T10:00:00.000Z',
        movie: { title: 'A Film', year: 2019, ids: { trakt: 1 } },
      },
      {
        plays: 2,
        last_watched_at: '2020-01-06T10:00:00.000Z',
        movie: { title: 'Another Film', year: 2018, ids: { trakt: 2 } },
      },
    ]),
    'ann/ratings/ratings-shows.json': j([
      { rated_at: '2020-01-03T00:00:00.000Z', rating: 6, type: 'show', show: longRoadTrakt },
    ]),
    'ann/ratings/ratings-movies.json': '[]',
    'ann/lists/watchlist.json': j([
      { rank: 1, listed_at: '2020-01-04T00:00:00.000Z', type: 'show', show: quietTrakt },
    ]),
  };
}

const v2Header =
  'ep_no,series_name,key,created_at,s_id,user_id,is_followed,is_for_later,is_archived,s_no,ep_id,uuid,updated_at,followed_at,is_special,season_number,episode_number,bulk_type,runtime,rewatch_count,movie_name';

/** TV Time GDPR ZIP, every file in a subfolder; shuffled header; naive UTC times; decoys. */
export function tvtimeMembers(): Record<string, string> {
  const row = (f: Record<string, string>) =>
    v2Header
      .split(',')
      .map((c) => f[c] ?? '')
      .join(',');
  const v2 = [
    v2Header,
    row({
      key: 'user-series-aaa',
      s_id: '1001',
      series_name: 'The Long Road',
      is_followed: 'true',
      is_for_later: 'false',
      is_archived: 'false',
      followed_at: '2016-01-01 09:00:00',
    }),
    row({
      key: 'user-series-bbb',
      s_id: '1004',
      series_name: 'Quiet Harbor',
      is_followed: 'false',
      is_for_later: 'true',
      is_archived: 'false',
      followed_at: '2019-01-01 09:00:00',
    }),
    row({
      key: 'user-series-ccc',
      s_id: '1002',
      series_name: 'Night Shift',
      is_followed: 'true',
      is_for_later: 'false',
      is_archived: 'true',
      followed_at: '2018-06-01 09:00:00',
    }),
    row({
      key: 'watch-episode-aaa-1',
      s_id: '1001',
      series_name: 'The Long Road',
      s_no: '1',
      ep_no: '1',
      season_number: '1',
      episode_number: '1',
      ep_id: '7001',
      created_at: '2016-01-02 21:30:00',
      is_special: 'false',
    }),
    row({
      key: 'watch-episode-aaa-2',
      s_id: '1001',
      series_name: 'The Long Road',
      s_no: '1',
      ep_no: '2',
      ep_id: '',
      created_at: '2016-01-03 21:30:00',
      is_special: 'false',
    }),
    row({
      key: 'watch-episode-aaa-3',
      s_id: '1001',
      series_name: 'The Long Road',
      s_no: '1',
      ep_no: '1',
      ep_id: '7001',
      created_at: '2017-05-05 21:30:00',
      rewatch_count: '1',
      is_special: 'false',
    }),
    row({
      key: 'watch-episode-aaa-4',
      s_id: '1001',
      series_name: 'The Long Road',
      s_no: '2003',
      ep_no: '1',
      ep_id: '7999',
      created_at: '2016-02-02 21:30:00',
      is_special: 'false',
    }),
    row({
      key: 'watch-episode-ccc-1',
      s_id: '1002',
      series_name: 'Night Shift',
      s_no: '1',
      ep_no: '2',
      ep_id: '8002',
      created_at: '2018-06-02 21:30:00',
      bulk_type: 'season',
    }),
    row({ key: 'tracking-stats' }),
  ].join('\n');
  return {
    'export/tracking-prod-records-v2.csv': v2,
    'export/followed_tv_show.csv':
      'user_id,tv_show_id,notification_type,notification_offset,created_at,updated_at,active,diffusion,folder_id,archived,tv_show_name\n1,1001,0,0,2016-01-01 09:00:00,2016-01-01 09:00:00,1,0,0,0,The Long Road\n',
    'export/ratings-live-votes.csv':
      'episode_id,movie_name,uuid,vote_key,user_id\n7001,,u1,u1-1-1,1\n7002,,u2,u2-1-27,1\n7003,,u3,u3-1-28,1\n7004,,u4,u4-1-29,1\n0,Some Film,u5,u5-1-3,1\n',
    'export/lists-prod-lists.csv':
      'ordering,s_key,name,type,description,is_public,user_id,objects,created_at,lists,list_count\n1,list-1,Comfort shows,custom,,false,1,[map[created_at:1.707766149e+09 id:1001 type:series] map[created_at:1.707766150e+09 id:1004 type:series]],2024-02-12 19:29:09,,2\n',
    // Secrets: never opened (garbage that would fail a CSV parser).
    'export/access_token.csv': 'token\n"unterminated',
    'export/auth-prod-login.csv': 'hash\n"unterminated',
  };
}

/** A lone v2 CSV with the slim header of an account without watches. */
export const tvtimeSlimCsv =
  'user_id,key,is_followed,uuid,s_id,series_name,is_for_later,is_archived,followed_at,created_at,updated_at\n1,user-series-aaa,true,aaa,1001,The Long Road,false,false,2016-01-01 09:00:00,2016-01-01 09:00:00,2016-01-01 09:00:00\n';

export const malXml = `<?xml version="1.0" encoding="UTF-8" ?>
<myanimelist>
  <myinfo><user_id>1</user_id><user_name>ann</user_name><user_export_type>1</user_export_type></myinfo>
  <anime>
    <series_animedb_id>3001</series_animedb_id>
    <series_title><![CDATA[Spirit Blade]]></series_title>
    <series_type>TV</series_type>
    <series_episodes>3</series_episodes>
    <my_watched_episodes>2</my_watched_episodes>
    <my_start_date>2021-04-05</my_start_date>
    <my_finish_date>0000-00-00</my_finish_date>
    <my_score>8</my_score>
    <my_status>Watching</my_status>
    <my_times_watched>0</my_times_watched>
  </anime>
  <anime>
    <series_animedb_id>3999</series_animedb_id>
    <series_title>Sword & Sorcery</series_title>
    <series_type>TV</series_type>
    <my_watched_episodes>0</my_watched_episodes>
    <my_start_date>0000-00-00</my_start_date>
    <my_finish_date>0000-00-00</my_finish_date>
    <my_score>0</my_score>
    <my_status>Plan to Watch</my_status>
  </anime>
  <anime>
    <series_animedb_id>3500</series_animedb_id>
    <series_title><![CDATA[Spirit Blade: The Movie]]></series_title>
    <series_type>Movie</series_type>
    <my_watched_episodes>1</my_watched_episodes>
    <my_score>0</my_score>
    <my_status>Completed</my_status>
  </anime>
</myanimelist>
`;

export const malGz = () => zlib.gzipSync(Buffer.from(malXml));

export const imdbRatingsCsv = [
  'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  'tt0001001,8,2020-05-05,The Long Road,The Long Road,https://www.imdb.com/title/tt0001001/,TV Series,8.1,50,2015–2016,"Drama, Crime",1000,2015-01-10,',
  'tt0001004,6,2020-05-06,Quiet Harbor,Quiet Harbor,https://www.imdb.com/title/tt0001004/,Serie TV,7.0,45,2019,Drama,500,2019-03-03,',
  'tt0009999,7,2020-05-07,Old Mini,Old Mini,https://www.imdb.com/title/tt0009999/,tvMiniSeries,7.0,45,2010,Drama,500,2010-03-03,',
  'tt0000009,9,2020-05-08,A Film,A Film,https://www.imdb.com/title/tt0000009/,Movie,7.5,120,2019,Drama,9000,2019-01-01,"Someone, Else"',
  'tt0000010,10,2020-05-09,The Long Road: Pilot,Pilot,https://www.imdb.com/title/tt0000010/,TV Episode,9.0,50,2015,Drama,100,2015-01-10,',
].join('\n');

export const imdbWatchlistCsv = [
  'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated',
  '1,tt0001004,2021-01-01,2021-01-01,,Quiet Harbor,Quiet Harbor,https://www.imdb.com/title/tt0001004/,Mini-série TV,7.0,45,2019,Drama,500,2019-03-03,,,',
].join('\n');

export const simklJson = JSON.stringify({
  shows: [
    {
      status: 'watching',
      user_rating: 8,
      added_to_watchlist_at: '2019-09-09T09:00:00Z',
      last_watched_at: '2019-09-11T09:00:00Z',
      show: {
        title: 'The Long Road',
        year: 2015,
        ids: { simkl: 1, tvdb: '1001', tmdb: '5001', imdb: 'tt0001001' },
      },
      seasons: [
        {
          number: 1,
          episodes: [
            { number: 1, watched_at: '2019-09-10T09:00:00Z' },
            { number: 2, watched_at: '2019-09-11T09:00:00Z' },
          ],
        },
      ],
    },
  ],
  anime: [
    {
      status: 'completed',
      show: { title: 'Spirit Blade', year: 2021, ids: { simkl: 2, mal: 3001 } },
      seasons: [
        {
          number: 1,
          episodes: [1, 2, 3].map((n) => ({ number: n, watched_at: `2021-05-0${n}T12:00:00Z` })),
        },
      ],
    },
    {
      status: 'completed',
      anime_type: 'movie',
      show: { title: 'Spirit Blade: The Movie', ids: { mal: 3500 } },
    },
  ],
  movies: [{ status: 'completed', movie: { title: 'A Film', ids: { imdb: 'tt0000009' } } }],
});
