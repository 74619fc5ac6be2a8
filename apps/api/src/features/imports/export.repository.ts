import type { Kysely } from 'kysely';
import type { Database, ShowRow } from '../../db/types';

/**
 * The export's reads (export.service.ts streams them): everything a member owns, page by page,
 * as rows of the export format (docs/export-format.md).
 */

/** The show's columns every export row carries (showCols), its outside ids as they are. */
export type ShowCols = {
  s_source_id: string;
  s_title: string;
  s_first_air_date: string | null;
} & Pick<ShowRow, OutsideIdColumn>;

type OutsideIdColumn =
  `${'tvmaze' | 'tvdb' | 'imdb' | 'tmdb' | 'mal' | 'anilist' | 'anidb' | 'bangumi' | 'tvrage'}_id`;

const showCols = [
  's.source_id as s_source_id',
  's.title as s_title',
  's.first_air_date as s_first_air_date',
  's.tvmaze_id',
  's.tvdb_id',
  's.imdb_id',
  's.tmdb_id',
  's.mal_id',
  's.anilist_id',
  's.anidb_id',
  's.bangumi_id',
  's.tvrage_id',
] as const;

export function showRef(r: ShowCols) {
  const ids: Record<string, string | number> = {};
  for (const [k, v] of [
    ['tvmaze', r.tvmaze_id],
    ['tvdb', r.tvdb_id],
    ['imdb', r.imdb_id],
    ['tmdb', r.tmdb_id],
    ['mal', r.mal_id],
    ['anilist', r.anilist_id],
    ['anidb', r.anidb_id],
    ['bangumi', r.bangumi_id],
    ['tvrage', r.tvrage_id],
  ] as const)
    if (v !== null) ids[k] = v;
  return {
    sourceId: r.s_source_id,
    title: r.s_title,
    year: r.s_first_air_date ? Number(r.s_first_air_date.slice(0, 4)) : null,
    ids,
  };
}

/** Rows sorted by show, one entry per show: `start` opens it with the show's first row, `add` puts each row in. */
function* perShow<R extends { show_id: number }, G>(
  rows: R[],
  start: (r: R) => G,
  add: (current: G, r: R) => void,
): Generator<G> {
  let current: G | null = null;
  let currentId = -1;
  for (const r of rows) {
    if (r.show_id !== currentId) {
      if (current) yield current;
      current = start(r);
      currentId = r.show_id;
    }
    add(current!, r);
  }
  if (current) yield current;
}

export function createExportRepository(db: Kysely<Database>) {
  const page = 1000;

  async function* watchlist(userId: number) {
    for (let last = 0; ;) {
      const rows = await db
        .selectFrom('watchlist_items as w')
        .innerJoin('shows as s', 's.id', 'w.show_id')
        .select(['w.id', 'w.status', 'w.score', 'w.progress', 'w.started_at', 'w.completed_at'])
        .select(['w.last_watched_at', 'w.created_at', 'w.updated_at'])
        .select(showCols)
        .where('w.user_id', '=', userId)
        .where('w.id', '>', last)
        .orderBy('w.id')
        .limit(page)
        .execute();
      for (const r of rows)
        yield {
          show: showRef(r),
          status: r.status,
          score: r.score,
          progress: r.progress,
          startedAt: r.started_at,
          completedAt: r.completed_at,
          lastWatchedAt: r.last_watched_at,
          addedAt: r.created_at,
          updatedAt: r.updated_at,
        };
      if (rows.length < page) return;
      last = rows[rows.length - 1]!.id;
    }
  }

  /**
   * One entry per show: every play of its episodes (a rewatch is another entry with its own
   * date; ADR 130), in viewing order. Importing the export back keeps every play.
   */
  async function* progress(userId: number) {
    const shows = await db
      .selectFrom('episode_plays')
      .select('show_id')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('show_id')
      .execute();
    for (let i = 0; i < shows.length; i += 100) {
      const ids = shows.slice(i, i + 100).map((s) => s.show_id);
      const rows = await db
        .selectFrom('episode_plays as p')
        .innerJoin('episodes as e', 'e.id', 'p.episode_id')
        .innerJoin('shows as s', 's.id', 'p.show_id')
        .select(['p.show_id', 'p.watched_at', 'e.season_number', 'e.episode_number', 'e.type'])
        .select(['p.source', 'p.run'])
        .select(['e.air_date', 'e.title as e_title', 'e.source_id as e_source_id'])
        .select(showCols)
        .where('p.user_id', '=', userId)
        .where('p.show_id', 'in', ids)
        .orderBy('p.show_id')
        .orderBy('e.season_number')
        .orderBy('e.episode_number')
        .orderBy('e.air_date')
        .orderBy('p.watched_at')
        .orderBy('p.id')
        .execute();
      yield* perShow(
        rows,
        (r) => ({ show: showRef(r), episodes: [] as unknown[] }),
        (current, r) =>
          current.episodes.push({
            season: r.season_number,
            number: r.episode_number,
            type: r.type,
            airDate: r.air_date,
            title: r.e_title,
            sourceId: r.e_source_id,
            watchedAt: r.watched_at,
            run: r.run,
            source: r.source,
          }),
      );
    }
  }

  /**
   * Held history (version 2): per show, the watches the catalogue could not place yet and a
   * held MyAnimeList count, so an export → import round trip keeps every play.
   */
  async function* held(userId: number) {
    const rows = await db
      .selectFrom('import_held_episodes as h')
      .innerJoin('shows as s', 's.id', 'h.show_id')
      .select(['h.show_id', 'h.kind', 'h.season_number', 'h.episode_number', 'h.air_date'])
      .select(['h.watched_at', 'h.watched_count'])
      .select(showCols)
      .where('h.user_id', '=', userId)
      .orderBy('h.show_id')
      .orderBy('h.season_number')
      .orderBy('h.episode_number')
      .orderBy('h.air_date')
      .execute();
    type Held = {
      show: ReturnType<typeof showRef>;
      watches: {
        season: number | null;
        number: number | null;
        airDate: string | null;
        watchedAt: string;
      }[];
      count: { watched: number; watchedAt: string | null } | null;
    };
    yield* perShow(
      rows,
      (r): Held => ({ show: showRef(r), watches: [], count: null }),
      (current, r) => {
        if (r.kind === 'count')
          current.count = { watched: r.watched_count ?? 0, watchedAt: r.watched_at || null };
        else
          current.watches.push({
            season: r.season_number,
            number: r.episode_number,
            airDate: r.air_date,
            watchedAt: r.watched_at,
          });
      },
    );
  }

  async function* favorites(userId: number) {
    const rows = await db
      .selectFrom('favorites as f')
      .innerJoin('shows as s', 's.id', 'f.show_id')
      .select(['f.created_at'])
      .select(showCols)
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at')
      .orderBy('f.id')
      .execute();
    for (const r of rows) yield { show: showRef(r), addedAt: r.created_at };
  }

  async function* ratings(userId: number) {
    for await (const w of watchlist(userId))
      if (w.score !== null) yield { show: w.show, score: w.score, scale: '1-10' };
  }

  async function profile(userId: number) {
    const u = await db
      .selectFrom('users')
      .select(['username', 'display_name', 'bio', 'avatar_url', 'is_public', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      username: u.username,
      displayName: u.display_name,
      bio: u.bio,
      avatarUrl: u.avatar_url,
      isPublic: u.is_public === 1,
      joinedAt: u.created_at,
    };
  }

  /** The member's lists (private ones too), items in their order. */
  async function* lists(userId: number) {
    const rows = await db
      .selectFrom('lists')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    for (const l of rows) {
      const items = await db
        .selectFrom('list_items as i')
        .innerJoin('shows as s', 's.id', 'i.show_id')
        .select(['i.position', 'i.notes', 'i.added_at'])
        .select(showCols)
        .where('i.list_id', '=', l.id)
        .orderBy('i.position')
        .execute();
      yield {
        id: l.id,
        name: l.name,
        description: l.description,
        isPublic: l.is_public === 1,
        isRanked: l.is_ranked === 1,
        createdAt: l.created_at,
        updatedAt: l.updated_at,
        items: items.map((i) => ({
          show: showRef(i),
          position: i.position,
          note: i.notes,
          addedAt: i.added_at,
        })),
      };
    }
  }

  /** The member's reviews (private ones too) and episode reviews. */
  async function* reviews(userId: number) {
    const rows = await db
      .selectFrom('reviews as r')
      .innerJoin('shows as s', 's.id', 'r.show_id')
      .select(['r.id', 'r.title', 'r.content', 'r.rating', 'r.is_spoiler', 'r.is_public'])
      .select(['r.likes_count', 'r.comments_count', 'r.created_at', 'r.updated_at'])
      .select(showCols)
      .where('r.user_id', '=', userId)
      .orderBy('r.id')
      .execute();
    for (const r of rows)
      yield {
        show: showRef(r),
        title: r.title,
        text: r.content,
        rating: Number(r.rating),
        spoiler: r.is_spoiler === 1,
        isPublic: r.is_public === 1,
        likes: r.likes_count,
        comments: r.comments_count,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
  }

  async function* episodeReviews(userId: number) {
    const rows = await db
      .selectFrom('episode_reviews as r')
      .innerJoin('episodes as e', 'e.id', 'r.episode_id')
      .innerJoin('shows as s', 's.id', 'r.show_id')
      .select(['r.rating', 'r.content', 'r.is_spoiler', 'r.is_public', 'r.created_at'])
      .select(['e.season_number', 'e.episode_number', 'e.air_date'])
      .select(showCols)
      .where('r.user_id', '=', userId)
      .orderBy('r.id')
      .execute();
    for (const r of rows)
      yield {
        show: showRef(r),
        season: r.season_number,
        number: r.episode_number,
        airDate: r.air_date,
        rating: Number(r.rating),
        text: r.content,
        spoiler: r.is_spoiler === 1,
        isPublic: Number(r.is_public) === 1,
        createdAt: r.created_at,
      };
  }

  /** Season ratings (ADR 171): private 1-10 figures like scores. */
  async function* seasonRatings(userId: number) {
    const rows = await db
      .selectFrom('season_ratings as r')
      .innerJoin('shows as s', 's.id', 'r.show_id')
      .select(['r.season_number', 'r.rating', 'r.rated_at'])
      .select(showCols)
      .where('r.user_id', '=', userId)
      .orderBy('r.id')
      .execute();
    for (const r of rows)
      yield {
        show: showRef(r),
        season: r.season_number,
        rating: Number(r.rating),
        ratedAt: r.rated_at,
      };
  }

  /** Comments the member wrote on reviews (deleted ones are gone). */
  async function* comments(userId: number) {
    const rows = await db
      .selectFrom('review_comments as c')
      .select(['c.id', 'c.review_id', 'c.parent_id', 'c.content', 'c.created_at'])
      .where('c.user_id', '=', userId)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.id')
      .execute();
    for (const c of rows)
      yield {
        id: c.id,
        reviewId: c.review_id,
        parentId: c.parent_id,
        text: c.content,
        createdAt: c.created_at,
      };
  }

  return {
    watchlist,
    progress,
    held,
    favorites,
    ratings,
    profile,
    lists,
    reviews,
    episodeReviews,
    seasonRatings,
    comments,
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
