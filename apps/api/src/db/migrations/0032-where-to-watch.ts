import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';

/**
 * Where to watch (issue 29, ADR 182):
 * - watch_provider_lookups: one row per show asked of TMDB: the TMDB id it resolved to (null
 *   when TMDB does not know the show or it has no TheTVDB/IMDb id) and when; the refresh job
 *   picks the stale ones;
 * - watch_providers: TMDB's watch providers of a show per country and kind (flatrate, free,
 *   ads, rent, buy), replaced as a whole on each refresh;
 * - member_watch_settings: the member's country and "my services" (provider names, JSON).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('watch_provider_lookups')
    .addColumn('show_id', 'integer', (c) =>
      c.primaryKey().references('shows.id').onDelete('cascade'),
    )
    .addColumn('tmdb_id', 'integer')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('watch_provider_lookups_fetched_idx')
    .on('watch_provider_lookups')
    .column('fetched_at')
    .execute();

  await db.schema
    .createTable('watch_providers')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('logo_path', 'text')
    .addColumn('display_priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link', 'text')
    .addPrimaryKeyConstraint('watch_providers_pk', ['show_id', 'country', 'kind', 'provider_id'])
    .execute();
  // "On my services": providers of one country by name; the settings' list of names.
  await db.schema
    .createIndex('watch_providers_country_name_idx')
    .on('watch_providers')
    .columns(['country', 'provider_name'])
    .execute();

  await db.schema
    .createTable('member_watch_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('country', 'text')
    .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
