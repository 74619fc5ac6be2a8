import { addColumn, col, index } from './kit';
import type { AnyDb } from './kit';

/**
 * Held history becomes visible and exportable (issue 19): `import_held_episodes` also keeps
 * MyAnimeList watched counts whose mapping onto the catalogue's seasons is not certain
 * (`kind = 'count'`, `watched_count` episodes; `watched_at` is '' when the file gave no
 * date), next to the held watches (`kind = 'watch'`). Episode reviews gain
 * `is_public` (imported episode ratings are private). Numbered 0014: 0013 is the plays work.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumn(db, 'import_held_episodes', 'kind', 'text', col.notNullDefault('watch'));
  await addColumn(db, 'import_held_episodes', 'watched_count', 'integer');
  await index(db, 'import_held_user_show_idx', 'import_held_episodes', ['user_id', 'show_id']);
  // Imported episode ratings arrive private (issue 19): visible to their author only until
  // published. Existing episode ratings stay public.
  await addColumn(db, 'episode_reviews', 'is_public', 'integer', col.notNullDefault(1));
}
