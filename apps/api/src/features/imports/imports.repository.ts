import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

export interface CatalogueShow {
  id: number;
  source_id: string;
  title: string;
  title_english: string | null;
  title_original: string | null;
  first_air_date: string | null;
  tvmaze_id: number | null;
  tvdb_id: number | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  mal_id: number | null;
  anilist_id: number | null;
  status: string;
  episodes_complete: number;
}

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
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(fn),

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
      }>,
    ) {
      await db.updateTable('imports').set(set).where('id', '=', id).execute();
    },

    async findImport(id: string) {
      return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listImports(userId: number, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('imports')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('imports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

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

    async progressOf(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('episode_progress')
        .select(['episode_id', 'show_id', 'watched_at'])
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },

    async itemsOf(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('watchlist_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },

    async favoritesOf(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('favorites')
        .select(['show_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },

    /** Watched episodes with their own dates; an existing row keeps the earlier of the two. */
    async insertProgress(
      trx: Transaction<Database>,
      userId: number,
      rows: { episode_id: number; show_id: number; watched_at: string }[],
      now: string,
    ) {
      for (const part of chunks(rows, 1000)) {
        await trx
          .insertInto('episode_progress')
          .values(part.map((r) => ({ ...r, user_id: userId, created_at: now, updated_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
          .execute();
      }
    },

    async backdateProgress(
      trx: Transaction<Database>,
      userId: number,
      episodeId: number,
      watchedAt: string,
      now: string,
    ) {
      await trx
        .updateTable('episode_progress')
        .set({ watched_at: watchedAt, updated_at: now })
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .where('watched_at', '>', watchedAt)
        .execute();
    },

    async insertFavorite(trx: Transaction<Database>, userId: number, showId: number, at: string) {
      const row = await trx
        .insertInto('favorites')
        .values({ user_id: userId, show_id: showId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    async hold(
      trx: Transaction<Database>,
      rows: {
        user_id: number;
        show_id: number;
        season_number: number | null;
        episode_number: number | null;
        air_date: string | null;
        watched_at: string;
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
              episode_key: `${r.season_number ?? ''}:${r.episode_number ?? ''}:${r.air_date ?? ''}`,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'show_id', 'episode_key']).doNothing())
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

    async releaseHeld(trx: Transaction<Database>, ids: number[]) {
      for (const part of chunks(ids, 500))
        await trx.deleteFrom('import_held_episodes').where('id', 'in', part).execute();
    },

    async heldCount(userId: number) {
      const row = await db
        .selectFrom('import_held_episodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async userContact(userId: number) {
      return db
        .selectFrom('users')
        .select(['username', 'email'])
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
