import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connection';

/** Database-generated integer primary key, spelled the way each dialect wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('shows'), dialect)
    .addColumn('source_id', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_english', 'text')
    .addColumn('title_original', 'text')
    .addColumn('language', 'text')
    .addColumn('language_code', 'text')
    .addColumn('country', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_raw', 'text')
    .addColumn('status_as_of', 'text')
    .addColumn('synopsis', 'text')
    .addColumn('first_air_date', 'text')
    .addColumn('first_air_stamp', 'text')
    .addColumn('last_air_date', 'text')
    .addColumn('season_count', 'integer')
    .addColumn('episode_count', 'integer')
    .addColumn('network_name', 'text')
    .addColumn('network_country', 'text')
    .addColumn('streaming_service', 'text')
    .addColumn('runtime_minutes', 'integer')
    .addColumn('schedule_days', 'text')
    .addColumn('schedule_time', 'text')
    .addColumn('schedule_timezone', 'text')
    .addColumn('broadcast', 'text')
    .addColumn('official_site', 'text')
    .addColumn('poster_url', 'text')
    .addColumn('poster_thumb_url', 'text')
    .addColumn('backdrop_url', 'text')
    .addColumn('rating', 'double precision')
    .addColumn('rating_count', 'integer')
    .addColumn('watch_links', 'text')
    .addColumn('episodes_complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('episodes_as_of', 'text')
    .addColumn('tvmaze_id', 'integer')
    .addColumn('imdb_id', 'text')
    .addColumn('tvdb_id', 'integer')
    .addColumn('tmdb_id', 'integer')
    .addColumn('tvrage_id', 'integer')
    .addColumn('mal_id', 'integer')
    .addColumn('anilist_id', 'integer')
    .addColumn('anidb_id', 'integer')
    .addColumn('bangumi_id', 'integer')
    .addColumn('metadata_synced_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shows_tvmaze_id_idx').on('shows').column('tvmaze_id').execute();
  await db.schema.createIndex('shows_status_idx').on('shows').column('status').execute();
  await db.schema.createIndex('shows_kind_idx').on('shows').column('kind').execute();
  await db.schema
    .createIndex('shows_first_air_date_idx')
    .on('shows')
    .column('first_air_date')
    .execute();

  await db.schema
    .createTable('show_titles')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('show_titles_pk', ['show_id', 'title'])
    .execute();

  await withId(db.schema.createTable('genres'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('show_genres')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('genre_id', 'integer', (c) =>
      c.notNull().references('genres.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('show_genres_pk', ['show_id', 'genre_id'])
    .execute();
  await db.schema
    .createIndex('show_genres_genre_idx')
    .on('show_genres')
    .column('genre_id')
    .execute();

  await withId(db.schema.createTable('seasons'), dialect)
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('episode_count', 'integer')
    .addColumn('premiere_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('seasons_show_number_uq', ['show_id', 'number'])
    .execute();

  await withId(db.schema.createTable('episodes'), dialect)
    .addColumn('source_id', 'text', (c) => c.notNull().unique())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('type_raw', 'text')
    .addColumn('title', 'text')
    .addColumn('overview', 'text')
    .addColumn('air_date', 'text')
    .addColumn('air_stamp', 'text')
    .addColumn('runtime_minutes', 'integer')
    .addColumn('still_url', 'text')
    .addColumn('still_thumb_url', 'text')
    .addColumn('rating', 'double precision')
    .addColumn('vote_count', 'integer')
    .addColumn('url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('episodes_show_order_idx')
    .on('episodes')
    .columns(['show_id', 'season_number', 'episode_number'])
    .execute();
  await db.schema.createIndex('episodes_air_date_idx').on('episodes').column('air_date').execute();
}
