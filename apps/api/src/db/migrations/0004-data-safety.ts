import { sql } from 'kysely';
import { addColumn, sqlIndex } from './kit';
import type { AnyDb, DialectName } from './kit';
import { trackingTables } from './0003-tracking';

/**
 * Data safety (docs/decisions/040-never-lose-watch-history.md).
 *
 * 1. `episodes.retired_at`: an episode TVmaze stops listing is retired (kept, hidden from
 *    lists and totals) instead of deleted, so watch history that points at it survives.
 * 2. No foreign key from user data to the catalogue cascades a delete any more: watchlist
 *    items, watched episodes and favourites RESTRICT the deletion of the show or episode they
 *    point at. (Deleting a user still removes that user's own rows; `next_episode_id` is derived
 *    and keeps SET NULL.) PostgreSQL swaps the constraints in place; SQLite cannot alter a
 *    foreign key, so each table is rebuilt the documented way (new table, copy every row with
 *    its id, carry the AUTOINCREMENT counter, drop, rename, recreate the indexes), inside one
 *    transaction, and checked with `foreign_key_check` before it commits.
 * 3. `shows.episode_count` / `season_count` follow the live regular episodes stored, where
 *    there are any (defect 12: a show listing 32 episodes said "Episode count unknown").
 * 4. Indexes for trending: shows by catalogue popularity alone; items by last watched.
 */

/** Every user-data column that points at the catalogue, with the action it gets. */
const userDataForeignKeys = [
  { table: 'watchlist_items', column: 'show_id', references: 'shows' },
  { table: 'episode_progress', column: 'episode_id', references: 'episodes' },
  { table: 'episode_progress', column: 'show_id', references: 'shows' },
  { table: 'favorites', column: 'show_id', references: 'shows' },
] as const;

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    // Kysely runs PostgreSQL migrations in a transaction already.
    await retiredColumn(db);
    await restrictPostgres(db);
    await backfillCounts(db);
    await trendingIndexes(db);
  } else {
    // SQLite migrations run outside a transaction: this one makes its own, so a failure
    // half-way through a rebuild leaves the database as it was.
    await db.transaction().execute(async (trx) => {
      await retiredColumn(trx);
      await restrictSqlite(trx);
      await backfillCounts(trx);
      await trendingIndexes(trx);
    });
  }
}

/**
 * Trending (docs/decisions/041-trending.md): its fallback reads shows by catalogue popularity
 * alone; its activity is read off watchlist items added or watched since a moment.
 */
async function trendingIndexes(db: AnyDb) {
  await sqlIndex(db, 'shows_catalogue_popularity_idx', 'shows', 'popularity desc, id');
  await sqlIndex(db, 'watchlist_items_last_watched_idx', 'watchlist_items', 'last_watched_at');
}

async function retiredColumn(db: AnyDb) {
  await addColumn(db, 'episodes', 'retired_at', 'text');
}

async function restrictPostgres(db: AnyDb) {
  for (const fk of userDataForeignKeys) {
    const { rows } = await sql<{ conname: string }>`
      select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.conrelid = to_regclass(${fk.table})
        and array_length(c.conkey, 1) = 1 and a.attname = ${fk.column}`.execute(db);
    for (const { conname } of rows) {
      await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.id(conname)}`.execute(db);
    }
    await sql`alter table ${sql.table(fk.table)} add constraint ${sql.id(`${fk.table}_${fk.column}_fkey`)}
      foreign key (${sql.id(fk.column)}) references ${sql.table(fk.references)} (id) on delete restrict`.execute(
      db,
    );
  }
}

/** SQLite: the tables of 0003-tracking, rebuilt with RESTRICT where they point at the catalogue. */
const sqliteTables: { name: keyof typeof trackingTables; indexes: string[] }[] = [
  {
    name: 'watchlist_items',
    indexes: [
      'create index watchlist_items_user_updated_idx on watchlist_items (user_id, updated_at desc, id desc)',
      'create index watchlist_items_user_status_updated_idx on watchlist_items (user_id, status, updated_at desc, id desc)',
      'create index watchlist_items_up_next_idx on watchlist_items (user_id, status, last_watched_at desc, id desc)',
      'create index watchlist_items_show_idx on watchlist_items (show_id)',
      'create index watchlist_items_created_idx on watchlist_items (created_at)',
    ],
  },
  {
    name: 'episode_progress',
    indexes: [
      'create index episode_progress_user_show_idx on episode_progress (user_id, show_id)',
      'create index episode_progress_watched_idx on episode_progress (watched_at)',
    ],
  },
  {
    name: 'favorites',
    indexes: [
      'create index favorites_user_created_idx on favorites (user_id, created_at desc, id desc)',
      'create index favorites_show_idx on favorites (show_id)',
    ],
  },
];

/**
 * https://www.sqlite.org/lang_altertable.html#otheralter, steps 4-10. Foreign keys stay on:
 * none of these tables is referenced by another, so dropping the old one triggers nothing,
 * and copying the rows re-checks every reference they hold.
 */
async function restrictSqlite(db: AnyDb) {
  for (const table of sqliteTables) {
    const temp = `${table.name}__new`;
    const { rows: cols } = await sql<{
      name: string;
    }>`select name from pragma_table_info(${table.name}) order by cid`.execute(db);
    const columns = sql.join(cols.map((c) => sql.id(c.name)));
    const before = await countRows(db, table.name);

    await trackingTables[table.name](db, 'sqlite', temp, 'restrict');
    await sql`insert into ${sql.table(temp)} (${columns}) select ${columns} from ${sql.table(table.name)}`.execute(
      db,
    );
    // Keep the AUTOINCREMENT counter: ids of deleted rows are never handed out again.
    await sql`delete from sqlite_sequence where name = ${temp}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select ${temp}, seq from sqlite_sequence where name = ${table.name}`.execute(
      db,
    );
    await sql`drop table ${sql.table(table.name)}`.execute(db);
    await sql`alter table ${sql.table(temp)} rename to ${sql.table(table.name)}`.execute(db);
    for (const index of table.indexes) await sql.raw(index).execute(db);

    const after = await countRows(db, table.name);
    if (after !== before)
      throw new Error(`rebuilding ${table.name} kept ${after} of ${before} rows; nothing changed`);
    const { rows: broken } =
      await sql`select * from pragma_foreign_key_check(${table.name})`.execute(db);
    if (broken.length)
      throw new Error(`rebuilding ${table.name}: ${broken.length} rows point at nothing`);
  }
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Shows that have episodes stored: their counts are the live regular episodes (none retired yet). */
async function backfillCounts(db: AnyDb) {
  await sql`
    update shows set
      episode_count = (select count(*) from episodes e
        where e.show_id = shows.id and e.type = 'regular'),
      season_count = (select nullif(count(distinct e.season_number), 0) from episodes e
        where e.show_id = shows.id and e.type = 'regular' and e.season_number is not null)
    where exists (select 1 from episodes e where e.show_id = shows.id and e.type = 'regular')`.execute(
    db,
  );
}
