import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, WatchlistItemRow } from '../../db/types';
import { shownStatus } from '../shows/show-status';

/*
 * The SQL pieces tracking's repositories share (items, history, favourites): viewing order,
 * the next-episode rule, the embedded show columns and the current run.
 */

export type Tx = Kysely<Database> | Transaction<Database>;

export const today = () => new Date().toISOString().slice(0, 10);

/** Viewing order: by season, then number; unnumbered last (undated last, like both databases agree). */
export const viewingOrder = sql`e.season_number is null, e.season_number, e.episode_number is null, e.episode_number, e.air_date is null, e.air_date, e.id`;

/**
 * An episode's place in viewing order as a comparable row, nulls last exactly as in
 * `viewingOrder`: `(a, b, c, d) > (w, x, y, z)` means "later in viewing order".
 */
const placeOf = (t: 'e' | 'w') =>
  sql`(coalesce(${sql.ref(`${t}.season_number`)}, 2147483647), coalesce(${sql.ref(`${t}.episode_number`)}, 2147483647), coalesce(${sql.ref(`${t}.air_date`)}, '9999-12-31'), ${sql.ref(`${t}.id`)})`;
const placeColumns = sql`coalesce(w.season_number, 2147483647) as ws, coalesce(w.episode_number, 2147483647) as wn, coalesce(w.air_date, '9999-12-31') as wa, w.id as wid`;
const reverseViewingOrder = sql`w.season_number is null desc, w.season_number desc, w.episode_number is null desc, w.episode_number desc, w.air_date is null desc, w.air_date desc, w.id desc`;

/**
 * The next episode of a member's show (ADR 009): the first live regular episode after the
 * furthest one they have watched in viewing order (not the first gap before it), or the first
 * one when they have watched none. `userId`/`showId` are SQL so the catalogue re-derive can
 * pass the item's columns. The furthest watched place is a derived table of one row, so it is
 * found once per item, not once per episode.
 */
export const nextEpisodeSql = <R = { id: number }>(
  userId: unknown,
  showId: unknown,
  columns = sql`e.id`,
) => sql<R>`
  select ${columns} from episodes e
  left join (select ${placeColumns} from episode_progress p join episodes w on w.id = p.episode_id
      where p.user_id = ${userId} and p.show_id = ${showId} and w.type = 'regular'
      order by ${reverseViewingOrder} limit 1) f on 1 = 1
  where e.show_id = ${showId} and e.type = 'regular' and e.retired_at is null
    and (f.wid is null or ${placeOf('e')} > (f.ws, f.wn, f.wa, f.wid))
  order by ${viewingOrder} limit 1`;

/** The show fields embedded in a watchlist item or favourite (see showColumns). */
export interface EmbeddedShowColumns {
  show_id: number;
  s_title: string;
  s_title_english: string | null;
  s_poster_url: string | null;
  s_status: string;
  s_episode_count: number | null;
  s_rating: number | null;
  s_synopsis: string | null;
}

export interface ItemWithShow extends WatchlistItemRow, EmbeddedShowColumns {}

/** The show fields a watchlist card or favourite embeds, prefixed so they cannot clash. */
export const showColumns = [
  's.title as s_title',
  's.title_english as s_title_english',
  's.poster_url as s_poster_url',
  's.episode_count as s_episode_count',
  's.rating as s_rating',
  's.synopsis as s_synopsis',
] as const;

/** The embedded show's status as people see it (ADR 035), like every other show read. */
export const withShownStatus = () => shownStatus('s').as('s_status');

/**
 * The watch-through a member is on for a show (ADR 130): the item's run, or, for a show not
 * on the watchlist (removed, history kept), the latest run of its plays; 1 before any.
 */
export async function currentRun(q: Tx, userId: number, showId: number): Promise<number> {
  const r = await sql<{ run: number | null }>`
    select coalesce(
      (select run from watchlist_items where user_id = ${userId} and show_id = ${showId}),
      (select max(run) from episode_plays where user_id = ${userId} and show_id = ${showId}),
      1) as run`.execute(q);
  return Number(r.rows[0]?.run ?? 1);
}
