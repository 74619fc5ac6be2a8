import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, ShowRow, ShowsTable } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

/** SQL of the TVmaze sync. Row writes shared with the snapshot import live in catalog.repository. */
export function createMetadataRepository(db: Tx) {
  return {
    findShow(id: number): Promise<ShowRow | undefined> {
      return db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Shows already known for these TVmaze ids, by column or by source id. */
    async findShowsByTvmazeIds(tvmazeIds: number[]): Promise<Map<number, ShowRow>> {
      if (!tvmazeIds.length) return new Map();
      const rows = await db
        .selectFrom('shows')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('tvmaze_id', 'in', tvmazeIds),
            eb(
              'source_id',
              'in',
              tvmazeIds.map((id) => `tvmaze:${id}`),
            ),
          ]),
        )
        .orderBy('id')
        .execute();
      const out = new Map<number, ShowRow>();
      for (const row of rows) {
        const tvmazeId = row.tvmaze_id ?? Number(row.source_id.slice('tvmaze:'.length));
        // The TVmaze record itself wins over another source's row that only links to it.
        if (!out.has(tvmazeId) || row.source_id === `tvmaze:${tvmazeId}`) out.set(tvmazeId, row);
      }
      return out;
    },

    /**
     * Shows from another source (no TVmaze id yet) that carry one of these TheTVDB / IMDb ids:
     * a TVmaze record for the same show links to them instead of becoming a second row.
     */
    async findUnlinkedShowsByExternalIds(ids: {
      tvdb: number[];
      imdb: string[];
    }): Promise<{ tvdb: Map<number, ShowRow>; imdb: Map<string, ShowRow> }> {
      const out = { tvdb: new Map<number, ShowRow>(), imdb: new Map<string, ShowRow>() };
      if (!ids.tvdb.length && !ids.imdb.length) return out;
      const rows = await db
        .selectFrom('shows')
        .selectAll()
        .where('tvmaze_id', 'is', null)
        .where((eb) =>
          eb.or([
            ...(ids.tvdb.length ? [eb('tvdb_id', 'in', ids.tvdb)] : []),
            ...(ids.imdb.length ? [eb('imdb_id', 'in', ids.imdb)] : []),
          ]),
        )
        .orderBy('id')
        .execute();
      for (const row of rows) {
        if (row.tvdb_id !== null && !out.tvdb.has(row.tvdb_id)) out.tvdb.set(row.tvdb_id, row);
        if (row.imdb_id !== null && !out.imdb.has(row.imdb_id)) out.imdb.set(row.imdb_id, row);
      }
      return out;
    },

    async updateShow(id: number, values: Updateable<ShowsTable>): Promise<void> {
      await db.updateTable('shows').set(values).where('id', '=', id).execute();
    },

    async markSynced(id: number, at: string): Promise<void> {
      await db.updateTable('shows').set({ metadata_synced_at: at }).where('id', '=', id).execute();
    },

    async episodeHashes(sourceIds: string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < sourceIds.length; i += 500) {
        const rows = await db
          .selectFrom('episodes')
          .select(['source_id', 'source_hash'])
          .where('source_id', 'in', sourceIds.slice(i, i + 500))
          .execute();
        for (const r of rows) out.set(r.source_id, r.source_hash);
      }
      return out;
    },

    /**
     * After a full-list refresh: TVmaze episodes of the show that TVmaze no longer lists are
     * retired, never deleted — watch history (and later reviews and lists) points at them.
     * Returns how many were retired now.
     */
    async retireTvmazeEpisodesExcept(
      showId: number,
      listed: string[],
      at: string,
    ): Promise<number> {
      const live = await db
        .selectFrom('episodes')
        .select(['id', 'source_id'])
        .where('show_id', '=', showId)
        .where('source_id', 'like', 'tvmaze:%')
        .where('retired_at', 'is', null)
        .execute();
      const keep = new Set(listed);
      const gone = live.filter((e) => !keep.has(e.source_id)).map((e) => e.id);
      for (let i = 0; i < gone.length; i += 500) {
        await db
          .updateTable('episodes')
          .set({ retired_at: at, updated_at: at })
          .where('id', 'in', gone.slice(i, i + 500))
          .execute();
      }
      return gone.length;
    },

    /** Episodes TVmaze lists again are live again. Returns how many came back. */
    async restoreEpisodes(sourceIds: string[], at: string): Promise<number> {
      let restored = 0;
      for (let i = 0; i < sourceIds.length; i += 500) {
        const result = await db
          .updateTable('episodes')
          .set({ retired_at: null, updated_at: at })
          .where('source_id', 'in', sourceIds.slice(i, i + 500))
          .where('retired_at', 'is not', null)
          .executeTakeFirst();
        restored += Number(result.numUpdatedRows);
      }
      return restored;
    },

    /** rebuildSeasons only adds and updates; drop seasons left without live regular episodes. */
    async deleteEmptySeasons(showId: number): Promise<void> {
      await db
        .deleteFrom('seasons')
        .where('show_id', '=', showId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('episodes')
                .select(sql.lit(1).as('one'))
                .whereRef('episodes.show_id', '=', 'seasons.show_id')
                .whereRef('episodes.season_number', '=', 'seasons.number')
                .where('episodes.type', '=', 'regular')
                .where('episodes.retired_at', 'is', null),
            ),
          ),
        )
        .execute();
    },

    /**
     * Shows due for a refresh: TVmaze shows never synced or synced before `cutoff`, most
     * recently aired first (what people are watching now). When the watchlist lands, restrict
     * or rank by it here (`where exists (select 1 from watchlist_items ...)`), nowhere else.
     */
    async staleShowIds(options: {
      cutoff: string;
      today: string;
      limit: number;
    }): Promise<number[]> {
      const lastAired = db
        .selectFrom('episodes')
        .select((eb) => ['show_id', eb.fn.max('air_date').as('last_aired')])
        .where('air_date', '<=', options.today)
        .where('retired_at', 'is', null)
        .groupBy('show_id')
        .as('aired');
      const rows = await db
        .selectFrom('shows')
        .leftJoin(lastAired, 'aired.show_id', 'shows.id')
        .select('shows.id')
        .where('shows.tvmaze_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('shows.metadata_synced_at', 'is', null),
            eb('shows.metadata_synced_at', '<', options.cutoff),
          ]),
        )
        // coalesce to '' keeps "never aired" last on both dialects (their NULL ordering differs).
        .orderBy(
          sql`coalesce(aired.last_aired, shows.last_air_date, shows.first_air_date, '')`,
          'desc',
        )
        .orderBy('shows.id')
        .limit(options.limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The bulk sync's resumable cursor (catalog_sync_state), null before the first run. */
    async syncState(name: string): Promise<string | null> {
      const row = await db
        .selectFrom('catalog_sync_state')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value ?? null;
    },

    async setSyncState(name: string, value: string, at: string): Promise<void> {
      await db
        .insertInto('catalog_sync_state')
        .values({ name, value, updated_at: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: at }))
        .execute();
    },

    /** Shows with these TVmaze ids: when they were last synced and how many members track them. */
    syncStamps(tvmazeIds: number[]) {
      return db
        .selectFrom('shows')
        .select(['id', 'tvmaze_id', 'metadata_synced_at', 'total_users'])
        .where('tvmaze_id', 'in', tvmazeIds)
        .execute();
    },
  };
}

export type MetadataRepository = ReturnType<typeof createMetadataRepository>;
