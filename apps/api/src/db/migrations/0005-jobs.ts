import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';

/**
 * Background jobs (docs/decisions/050-jobs.md).
 *
 * `jobs` is every job's record on both databases: who it belongs to, its state, progress,
 * result or error. On SQLite it is also the queue the in-process worker claims from; on
 * PostgreSQL pg-boss keeps the queue in its own schema and this row mirrors it (same id).
 * `job_schedules` remembers when each recurring job is next due, so several app servers
 * start one run per interval between them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // A user's own job (an import, say) goes with the account; system jobs have none.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    // Set while the job waits or runs, cleared when it finishes: at most one live job per key.
    .addColumn('singleton_key', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_backoff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('progress_done', 'integer')
    .addColumn('progress_total', 'integer')
    .addColumn('progress_message', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jobs_singleton_uq', ['name', 'singleton_key'])
    .execute();
  // The SQLite worker's claim: the oldest due job of a name.
  await sql`create index jobs_due_idx on jobs (name, state, run_after)`.execute(db);
  await db.schema.createIndex('jobs_user_idx').on('jobs').column('user_id').execute();
  await sql`create index jobs_finished_idx on jobs (finished_at) where finished_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('every_seconds', 'integer', (c) => c.notNull())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .execute();
}
