import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewEpisode, NewShow } from './types';

export type Tx = Kysely<Database> | Transaction<Database>;

/** Columns an upsert must not overwrite: the row's identity and birth date. */
const keep = new Set(['id', 'source_id', 'created_at']);

function excludedSet<T extends object>(row: T) {
  return Object.fromEntries(
    Object.keys(row)
      .filter((k) => !keep.has(k))
      .map((k) => [k, sql.ref(`excluded.${k}`)]),
  );
}

/**
 * The catalogue's row writes, shared by the two features that write shows and episodes: the
 * snapshot import (catalog/) and the TVmaze sync (metadata/). Upserts keyed by source id,
 * genres, seasons rebuilt from episodes, and the shows' episode and season counts (ADR 184:
 * shared SQL lives in db/, so neither feature takes the other's repository).
 */
export function catalogueRows(db: Tx) {
  return {
    async upsertShows(rows: NewShow[]): Promise<Map<string, number>> {
      if (!rows.length) return new Map();
      const out = await db
        .insertInto('shows')
        .values(rows)
        .onConflict((oc) => oc.column('source_id').doUpdateSet(excludedSet(rows[0]!)))
        .returning(['id', 'source_id'])
        .execute();
      return new Map(out.map((r) => [r.source_id, r.id]));
    },

    async upsertEpisodes(rows: NewEpisode[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('episodes')
        .values(rows)
        .onConflict((oc) => oc.column('source_id').doUpdateSet(excludedSet(rows[0]!)))
        .execute();
    },

    async ensureGenres(names: string[]): Promise<Map<string, number>> {
      if (names.length) {
        await db
          .insertInto('genres')
          .values(names.map((name) => ({ name })))
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      const rows = await db.selectFrom('genres').select(['id', 'name']).execute();
      return new Map(rows.map((r) => [r.name, r.id]));
    },

    async replaceShowGenres(showIds: number[], links: { show_id: number; genre_id: number }[]) {
      if (showIds.length)
        await db.deleteFrom('show_genres').where('show_id', 'in', showIds).execute();
      if (links.length) await db.insertInto('show_genres').values(links).execute();
    },

    async replaceShowTitles(showIds: number[], titles: { show_id: number; title: string }[]) {
      if (showIds.length)
        await db.deleteFrom('show_titles').where('show_id', 'in', showIds).execute();
      if (titles.length) await db.insertInto('show_titles').values(titles).execute();
    },

    /** Seasons are derived from the live (not retired) regular episodes a show has in the database. */
    async rebuildSeasons(showIds: number[], now: string): Promise<void> {
      if (!showIds.length) return;
      const groups = await db
        .selectFrom('episodes')
        .select((eb) => [
          'show_id',
          'season_number',
          eb.fn.countAll<number>().as('n'),
          eb.fn.min('air_date').as('first'),
          eb.fn.max('air_date').as('last'),
        ])
        .where('show_id', 'in', showIds)
        .where('type', '=', 'regular')
        .where('retired_at', 'is', null)
        .where('season_number', 'is not', null)
        .groupBy(['show_id', 'season_number'])
        .execute();
      if (!groups.length) return;
      await db
        .insertInto('seasons')
        .values(
          groups.map((g) => ({
            show_id: g.show_id,
            number: g.season_number!,
            episode_count: Number(g.n),
            premiere_date: g.first,
            end_date: g.last,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['show_id', 'number']).doUpdateSet({
            episode_count: sql.ref('excluded.episode_count'),
            premiere_date: sql.ref('excluded.premiere_date'),
            end_date: sql.ref('excluded.end_date'),
            updated_at: sql.ref('excluded.updated_at'),
          }),
        )
        .execute();
    },

    /**
     * A show's episode and season counts follow the live regular episodes stored for it,
     * whenever there are any (so the header never says "unknown" over a list of 32); with none
     * stored, the catalogue's own figure stays. Run after every write of a show's episodes or
     * of its catalogue record (which carries the catalogue's figure).
     */
    async syncShowCounts(showIds: number[]): Promise<void> {
      for (let i = 0; i < showIds.length; i += 500) {
        const ids = showIds.slice(i, i + 500);
        await sql`
          update shows set
            episode_count = coalesce((select nullif(count(*), 0) from episodes e
              where e.show_id = shows.id and e.type = 'regular' and e.retired_at is null), episode_count),
            season_count = coalesce((select nullif(count(distinct e.season_number), 0) from episodes e
              where e.show_id = shows.id and e.type = 'regular' and e.retired_at is null
                and e.season_number is not null), season_count)
          where id in (${sql.join(ids)})`.execute(db);
      }
    },
  };
}
