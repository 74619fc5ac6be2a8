import { sql, type Kysely, type Transaction } from 'kysely';
import { offsetPage } from '../../db/paging';
import { countWhere, rowWhere } from '../../db/rows';
import type { Database, ShowRow } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

const showColumns = [
  'id',
  'source_id',
  'title',
  'title_english',
  'title_original',
  'first_air_date',
  'tvmaze_id',
  'tvdb_id',
  'imdb_id',
  'tmdb_id',
  'mal_id',
  'anilist_id',
  'status',
  'episodes_complete',
] as const;

/** What matching reads of a catalogue show. */
export type CatalogueShow = Pick<ShowRow, (typeof showColumns)[number]>;

export type IdColumn =
  'source_id' | 'tvmaze_id' | 'tvdb_id' | 'imdb_id' | 'tmdb_id' | 'mal_id' | 'anilist_id';

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The imports feature's SQL: its own tables, and the catalogue/tracking reads matching needs. */
export function createImportsRepository(db: Kysely<Database>) {
  return {
    db,

    /** Account deletion: the member's imports and held watches (no counters on other rows). */
    async eraseUser(trx: Tx, userId: number): Promise<void> {
      await trx.deleteFrom('import_held_episodes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('imports').where('user_id', '=', userId).execute();
    },

    async insertImport(row: {
      id: string;
      user_id: number;
      source: string | null;
      file_name: string | null;
      now: string;
    }) {
      const { now, ...rest } = row;
      await db
        .insertInto('imports')
        .values({ ...rest, status: 'queued', created_at: now, updated_at: now })
        .execute();
    },

    async setJob(id: string, jobId: string) {
      await db.updateTable('imports').set({ job_id: jobId }).where('id', '=', id).execute();
    },

    async updateImport(
      id: string,
      set: Partial<{
        status: string;
        source: string | null;
        report: string | null;
        error: string | null;
        finished_at: string | null;
        updated_at: string;
        checkpoint: string | null;
      }>,
    ) {
      await db.updateTable('imports').set(set).where('id', '=', id).execute();
    },

    /** How far a running import got (ADR 142); null before its first save. */
    async checkpoint(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('imports')
        .select('checkpoint')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.checkpoint ?? null;
    },

    /** Saves an import's progress, in the transaction of the writes it describes. */
    async saveCheckpoint(trx: Tx, id: string, checkpoint: string, now: string) {
      await trx
        .updateTable('imports')
        .set({ checkpoint, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    findImport: (id: string) => rowWhere(db, 'imports', { id }),

    listImports: (userId: number, limit: number, offset: number) =>
      offsetPage(
        db
          .selectFrom('imports')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
        countWhere(db, 'imports', { user_id: userId }),
        limit,
        offset,
      ),

    /** Shows whose `column` is one of `values`. */
    async showsBy(column: IdColumn, values: (string | number)[]): Promise<CatalogueShow[]> {
      const out: CatalogueShow[] = [];
      for (const part of chunks([...new Set(values)], 500)) {
        out.push(
          ...((await db
            .selectFrom('shows')
            .select(showColumns)
            .where(column, 'in', part as never[])
            .execute()) as CatalogueShow[]),
        );
      }
      return out;
    },

    async showById(id: number): Promise<CatalogueShow | undefined> {
      return (await db
        .selectFrom('shows')
        .select(showColumns)
        .where('id', '=', id)
        .executeTakeFirst()) as CatalogueShow | undefined;
    },

    /** Every show's titles (display, English, original, alternatives) and first air date. */
    async allTitles() {
      const [shows, alternatives] = await Promise.all([
        db.selectFrom('shows').select(showColumns).execute() as Promise<CatalogueShow[]>,
        db.selectFrom('show_titles').select(['show_id', 'title']).execute(),
      ]);
      return { shows, alternatives };
    },

    async episodesOf(q: Tx, showIds: number[]) {
      return q
        .selectFrom('episodes')
        .select([
          'id',
          'show_id',
          'season_number',
          'episode_number',
          'air_date',
          'type',
          'retired_at',
        ])
        .where('show_id', 'in', showIds)
        .execute();
    },

    /** Held watches (`kind` 'watch') and held counts ('count'); re-holding adds nothing. */
    async hold(
      trx: Transaction<Database>,
      rows: {
        user_id: number;
        show_id: number;
        kind?: 'watch' | 'count';
        season_number: number | null;
        episode_number: number | null;
        air_date: string | null;
        watched_at: string;
        watched_count?: number | null;
        import_id: string;
        created_at: string;
      }[],
    ): Promise<number> {
      let added = 0;
      for (const part of chunks(rows, 200)) {
        const res = await trx
          .insertInto('import_held_episodes')
          .values(
            part.map((r) => ({
              ...r,
              kind: r.kind ?? 'watch',
              watched_count: r.watched_count ?? null,
              // One held count per show and user: a later import's count replaces it below.
              // A held watch is one play: the episode and its instant (rewatches are kept).
              episode_key: r.kind === 'count' ? 'count' : heldWatchKey(r),
            })),
          )
          .onConflict((oc) =>
            oc.columns(['user_id', 'show_id', 'episode_key']).doUpdateSet((eb) => ({
              // A held count keeps the larger count (a re-import or a later file); a watch
              // keeps its earlier date.
              watched_count: sql`case when ${eb.ref('excluded.watched_count')} > coalesce(${eb.ref('import_held_episodes.watched_count')}, 0) then ${eb.ref('excluded.watched_count')} else ${eb.ref('import_held_episodes.watched_count')} end`,
              watched_at: sql`case when ${eb.ref('import_held_episodes.watched_at')} = '' or (${eb.ref('excluded.watched_at')} <> '' and ${eb.ref('excluded.watched_at')} < ${eb.ref('import_held_episodes.watched_at')}) then ${eb.ref('excluded.watched_at')} else ${eb.ref('import_held_episodes.watched_at')} end`,
            })),
          )
          .returning('id')
          .execute();
        added += res.length;
      }
      return added;
    },

    async heldFor(q: Tx, showIds: number[]) {
      return q
        .selectFrom('import_held_episodes')
        .selectAll()
        .where('show_id', 'in', showIds)
        .orderBy('user_id')
        .execute();
    },

    /** The shows one import left held history of. */
    async heldShowIdsOf(importId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('import_held_episodes')
        .select('show_id')
        .distinct()
        .where('import_id', '=', importId)
        .execute();
      return rows.map((r) => r.show_id);
    },

    async releaseHeld(trx: Transaction<Database>, ids: number[]) {
      for (const part of chunks(ids, 500))
        await trx.deleteFrom('import_held_episodes').where('id', 'in', part).execute();
    },

    heldCount: (userId: number) => countWhere(db, 'import_held_episodes', { user_id: userId }),

    /** Held watches and held counts of a member. */
    async heldTotals(userId: number) {
      const rows = await db
        .selectFrom('import_held_episodes')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('kind')
        .execute();
      const of = (k: string) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
      return { watches: of('watch'), counts: of('count') };
    },

    /**
     * A page of the shows a member has held history on (by title), each with its held rows
     * and how many live episodes the catalogue has for it (none: the list has not arrived).
     */
    async heldShows(userId: number, limit: number, offset: number) {
      const [page, total] = await Promise.all([
        db
          .selectFrom('import_held_episodes as h')
          .innerJoin('shows as s', 's.id', 'h.show_id')
          .select(['s.id', 's.title', 's.first_air_date', 's.poster_url'])
          .where('h.user_id', '=', userId)
          .groupBy(['s.id', 's.title', 's.first_air_date', 's.poster_url'])
          .orderBy(sql`lower(s.title)`)
          .orderBy('s.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('import_held_episodes')
          .select((eb) => eb.fn.count<number>('show_id').distinct().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      const ids = page.map((p) => p.id);
      const [rows, live] = ids.length
        ? await Promise.all([
            db
              .selectFrom('import_held_episodes')
              .selectAll()
              .where('user_id', '=', userId)
              .where('show_id', 'in', ids)
              .execute(),
            db
              .selectFrom('episodes')
              .select(['show_id', (eb) => eb.fn.countAll<number>().as('n')])
              .where('show_id', 'in', ids)
              .where('retired_at', 'is', null)
              .groupBy('show_id')
              .execute(),
          ])
        : [[], []];
      return { page, rows, live, total: Number(total.n) };
    },

    /** Every held row of a member with the show's columns (the export), by show. */
    async heldOfUser(userId: number) {
      return db
        .selectFrom('import_held_episodes')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('show_id')
        .orderBy('season_number')
        .orderBy('episode_number')
        .orderBy('air_date')
        .execute();
    },

    async userContact(userId: number) {
      return db
        .selectFrom('users')
        .select(['username', 'email', 'locale'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** An import left queued or running by a process that died is failed on the next look. */
    async failStale(userId: number, before: string, now: string) {
      await sql`update imports set status = 'failed', error = 'The import stopped unexpectedly; run it again (nothing is imported twice)', finished_at = ${now}, updated_at = ${now}
        where user_id = ${userId} and status in ('queued', 'running') and updated_at < ${before}`.execute(
        db,
      );
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;

/** The identity of one held play: the episode as the file named it, and when it was watched. */
export function heldWatchKey(r: {
  season_number: number | null;
  episode_number: number | null;
  air_date: string | null;
  watched_at: string;
}): string {
  return `${r.season_number ?? ''}:${r.episode_number ?? ''}:${r.air_date ?? ''}@${r.watched_at}`;
}
