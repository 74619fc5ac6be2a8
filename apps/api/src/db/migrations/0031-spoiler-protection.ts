import type { Kysely } from 'kysely';

/**
 * Spoiler protection (issue 29, ADR 181):
 * - member_preferences.spoiler_protection: 1 (on) by default, so members who already have a
 *   preferences row get it on too; members without a row are on as well (the service's default);
 * - spoiler_reveals: the shows a member chose "Show spoilers for this show" on. A one-episode
 *   reveal is not stored (it lasts as long as the page).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('member_preferences')
    .addColumn('spoiler_protection', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('spoiler_reveals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('spoiler_reveals_pk', ['user_id', 'show_id'])
    .execute();
}
