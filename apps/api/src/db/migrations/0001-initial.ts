import { col, index, memberTable, timestamps, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', col.notNull)
    .addColumn('username_lower', 'text', col.notNullUnique)
    .addColumn('email', 'text', col.notNull)
    .addColumn('email_lower', 'text', col.notNullUnique)
    .addColumn('password_hash', 'text', col.notNull)
    .addColumn('display_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('is_public', 'integer', col.notNullDefault(1))
    .addColumn('email_verified_at', 'text')
    .$call(timestamps)
    .execute();

  await memberTable(db, dialect, 'sessions')
    .addColumn('token_hash', 'text', col.notNullUnique)
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('last_used_at', 'text', col.notNull)
    .addColumn('expires_at', 'text', col.notNull)
    .addColumn('user_agent', 'text')
    .execute();
  await index(db, 'sessions_user_id_idx', 'sessions', 'user_id');

  await withId(db.schema.createTable('shows'), dialect)
    .addColumn('source_id', 'text', col.notNullUnique)
    .addColumn('source', 'text', col.notNull)
    .addColumn('source_url', 'text')
    .addColumn('source_hash', 'text', col.notNull)
    .addColumn('kind', 'text', col.notNull)
    .addColumn('format', 'text')
    .addColumn('title', 'text', col.notNull)
    .addColumn('title_english', 'text')
    .addColumn('title_original', 'text')
    .addColumn('language', 'text')
    .addColumn('language_code', 'text')
    .addColumn('country', 'text')
    .addColumn('status', 'text', col.notNull)
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
    .addColumn('episodes_complete', 'integer', col.notNullDefault(0))
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
    .$call(timestamps)
    .execute();
  for (const column of ['tvmaze_id', 'status', 'kind', 'first_air_date']) {
    await index(db, `shows_${column}_idx`, 'shows', column);
  }

  await db.schema
    .createTable('show_titles')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('title', 'text', col.notNull)
    .addPrimaryKeyConstraint('show_titles_pk', ['show_id', 'title'])
    .execute();

  await withId(db.schema.createTable('genres'), dialect)
    .addColumn('name', 'text', col.notNullUnique)
    .execute();

  await db.schema
    .createTable('show_genres')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('genre_id', 'integer', col.ref('genres.id'))
    .addPrimaryKeyConstraint('show_genres_pk', ['show_id', 'genre_id'])
    .execute();
  await index(db, 'show_genres_genre_idx', 'show_genres', 'genre_id');

  await withId(db.schema.createTable('seasons'), dialect)
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('number', 'integer', col.notNull)
    .addColumn('episode_count', 'integer')
    .addColumn('premiere_date', 'text')
    .addColumn('end_date', 'text')
    .$call(timestamps)
    .addUniqueConstraint('seasons_show_number_uq', ['show_id', 'number'])
    .execute();

  await withId(db.schema.createTable('episodes'), dialect)
    .addColumn('source_id', 'text', col.notNullUnique)
    .addColumn('source_hash', 'text', col.notNull)
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('type', 'text', col.notNull)
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
    .$call(timestamps)
    .execute();
  await index(db, 'episodes_show_order_idx', 'episodes', [
    'show_id',
    'season_number',
    'episode_number',
  ]);
  await index(db, 'episodes_air_date_idx', 'episodes', 'air_date');
}
