import { col, index } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Where to watch (issue 29, ADR 182):
 * - watch_provider_lookups: one row per show asked of TMDB: the TMDB id it resolved to (null
 *   when TMDB does not know the show or it has no TheTVDB/IMDb id) and when; the refresh job
 *   picks the stale ones;
 * - watch_providers: TMDB's watch providers of a show per country and kind (flatrate, free,
 *   ads, rent, buy), replaced as a whole on each refresh;
 * - member_watch_settings: the member's country and "my services" (provider names, JSON).
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('watch_provider_lookups')
    .addColumn('show_id', 'integer', col.primaryRef('shows.id'))
    .addColumn('tmdb_id', 'integer')
    .addColumn('fetched_at', 'text', col.notNull)
    .execute();
  await index(db, 'watch_provider_lookups_fetched_idx', 'watch_provider_lookups', 'fetched_at');

  await db.schema
    .createTable('watch_providers')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('country', 'text', col.notNull)
    .addColumn('kind', 'text', col.notNull)
    .addColumn('provider_id', 'integer', col.notNull)
    .addColumn('provider_name', 'text', col.notNull)
    .addColumn('logo_path', 'text')
    .addColumn('display_priority', 'integer', col.notNullDefault(0))
    .addColumn('link', 'text')
    .addPrimaryKeyConstraint('watch_providers_pk', ['show_id', 'country', 'kind', 'provider_id'])
    .execute();
  // "On my services": providers of one country by name; the settings' list of names.
  await index(db, 'watch_providers_country_name_idx', 'watch_providers', [
    'country',
    'provider_name',
  ]);

  await db.schema
    .createTable('member_watch_settings')
    .addColumn('user_id', 'integer', col.primaryRef('users.id'))
    .addColumn('country', 'text')
    .addColumn('services', 'text', col.notNullDefault('[]'))
    .addColumn('updated_at', 'text', col.notNull)
    .execute();
}
