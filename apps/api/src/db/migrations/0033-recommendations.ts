import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';

/**
 * Recommendations (issue 29, ADR 183). All three tables are written by the recommendations
 * job and read by GET /api/recommendations:
 * - `show_similarities`: each tracked show's nearest shows (item-to-item collaborative
 *   filtering, topped up from genres, network and era), `score` in 0..1, `source` 'community'
 *   or 'content';
 * - `member_recommendations`: a member's picks with the show that brought each one
 *   (`because_show_id`, "Because you watched X");
 * - `recommendation_dismissals`: "Not interested", kept for good (member data, never derived).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('show_similarities')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('similar_show_id', 'integer', (c) =>
      c.notNull().references('shows.id').onDelete('cascade'),
    )
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('show_similarities_pk', ['show_id', 'similar_show_id'])
    .execute();

  await db.schema
    .createTable('member_recommendations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('because_show_id', 'integer', (c) =>
      c.notNull().references('shows.id').onDelete('cascade'),
    )
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_recommendations_pk', ['user_id', 'show_id'])
    .execute();
  await db.schema
    .createIndex('member_recommendations_rank_idx')
    .on('member_recommendations')
    .columns(['user_id', 'score'])
    .execute();

  await db.schema
    .createTable('recommendation_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recommendation_dismissals_pk', ['user_id', 'show_id'])
    .execute();
}
