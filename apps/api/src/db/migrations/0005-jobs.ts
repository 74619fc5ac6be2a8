import { col, index, sqlIndex } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Background jobs (docs/decisions/050-jobs.md).
 *
 * `jobs` is every job's record on both databases: who it belongs to, its state, progress,
 * result or error. On SQLite it is also the queue the in-process worker claims from; on
 * PostgreSQL pg-boss keeps the queue in its own schema and this row mirrors it (same id).
 * `job_schedules` remembers when each recurring job is next due, so several app servers
 * start one run per interval between them.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', col.notNull)
    // A user's own job (an import, say) goes with the account; system jobs have none.
    .addColumn('user_id', 'integer', col.nullableRef('users.id'))
    .addColumn('payload', 'text')
    .addColumn('state', 'text', col.notNull)
    // Set while the job waits or runs, cleared when it finishes: at most one live job per key.
    .addColumn('singleton_key', 'text')
    .addColumn('attempts', 'integer', col.notNullDefault(0))
    .addColumn('retry_limit', 'integer', col.notNullDefault(0))
    .addColumn('retry_delay', 'integer', col.notNullDefault(0))
    .addColumn('retry_backoff', 'integer', col.notNullDefault(0))
    .addColumn('run_after', 'text', col.notNull)
    .addColumn('progress_done', 'integer')
    .addColumn('progress_total', 'integer')
    .addColumn('progress_message', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', col.notNull)
    .addUniqueConstraint('jobs_singleton_uq', ['name', 'singleton_key'])
    .execute();
  // The SQLite worker's claim: the oldest due job of a name.
  await sqlIndex(db, 'jobs_due_idx', 'jobs', 'name, state, run_after');
  await index(db, 'jobs_user_idx', 'jobs', 'user_id');
  await sqlIndex(db, 'jobs_finished_idx', 'jobs', 'finished_at', {
    where: 'finished_at is not null',
  });

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('every_seconds', 'integer', col.notNull)
    .addColumn('next_run_at', 'text', col.notNull)
    .execute();
}
