import { col, index, pairTable } from './kit';
import type { AnyDb, DialectName } from './kit';

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
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('show_similarities')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('similar_show_id', 'integer', col.ref('shows.id'))
    .addColumn('score', 'double precision', col.notNull)
    .addColumn('source', 'text', col.notNull)
    .addColumn('computed_at', 'text', col.notNull)
    .addPrimaryKeyConstraint('show_similarities_pk', ['show_id', 'similar_show_id'])
    .execute();

  await db.schema
    .createTable('member_recommendations')
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('because_show_id', 'integer', col.ref('shows.id'))
    .addColumn('score', 'double precision', col.notNull)
    .addColumn('computed_at', 'text', col.notNull)
    .addPrimaryKeyConstraint('member_recommendations_pk', ['user_id', 'show_id'])
    .execute();
  await index(db, 'member_recommendations_rank_idx', 'member_recommendations', [
    'user_id',
    'score',
  ]);

  await pairTable(
    db,
    'recommendation_dismissals',
    ['user_id', 'users.id'],
    ['show_id', 'shows.id'],
  );
}
