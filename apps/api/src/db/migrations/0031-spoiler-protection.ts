import { addColumn, col, pairTable } from './kit';
import type { AnyDb } from './kit';

/**
 * Spoiler protection (issue 29, ADR 181):
 * - member_preferences.spoiler_protection: 1 (on) by default, so members who already have a
 *   preferences row get it on too; members without a row are on as well (the service's default);
 * - spoiler_reveals: the shows a member chose "Show spoilers for this show" on. A one-episode
 *   reveal is not stored (it lasts as long as the page).
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumn(db, 'member_preferences', 'spoiler_protection', 'integer', col.notNullDefault(1));
  await pairTable(db, 'spoiler_reveals', ['user_id', 'users.id'], ['show_id', 'shows.id']);
}
