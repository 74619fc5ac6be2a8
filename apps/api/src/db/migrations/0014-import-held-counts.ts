import type { Kysely } from 'kysely';

/**
 * Held history becomes visible and exportable (issue 19): `import_held_episodes` also keeps
 * MyAnimeList watched counts whose mapping onto the catalogue's seasons is not certain
 * (`kind = 'count'`, `watched_count` episodes; `watched_at` is '' when the file gave no
 * date), next to the held watches (`kind = 'watch'`). Episode reviews gain
 * `is_public` (imported episode ratings are private). Numbered 0014: 0013 is the plays work.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('import_held_episodes')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('watch'))
    .execute();
  await db.schema
    .alterTable('import_held_episodes')
    .addColumn('watched_count', 'integer')
    .execute();
  await db.schema
    .createIndex('import_held_user_show_idx')
    .on('import_held_episodes')
    .columns(['user_id', 'show_id'])
    .execute();
  // Imported episode ratings arrive private (issue 19): visible to their author only until
  // published. Existing episode ratings stay public.
  await db.schema
    .alterTable('episode_reviews')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
