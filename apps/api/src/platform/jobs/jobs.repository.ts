import { sql, type Kysely } from 'kysely';
import type { Database, JobRow } from '../../db/types';
import type { JobRecord, NewJob } from './types';

type Executor = Kysely<Database>;

const json = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * A job that ended (completed or failed): its payload (which may hold a token or an address) is
 * no longer kept, and its singleton key is free for the next one.
 */
const finished = (now: string) => ({
  payload: null,
  singleton_key: null,
  finished_at: now,
  updated_at: now,
});

export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.attempts,
    progress:
      row.progress_total === null
        ? null
        : {
            done: row.progress_done ?? 0,
            total: row.progress_total,
            message: row.progress_message,
          },
    result: parse(row.result),
    error: row.error,
    userId: row.user_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The SQL on the `jobs` and `job_schedules` tables, shared by both queue drivers. */
export function createJobsRepository(db: Executor) {
  return {
    /**
     * Inserts the record; returns its id, or the live job's id when one with the same name and
     * singleton key is waiting or running (null if that one finished in between).
     */
    async insert(job: NewJob, now: string): Promise<{ id: string; created: boolean } | null> {
      const def = job.definition;
      const inserted = await db
        .insertInto('jobs')
        .values({
          id: job.id,
          name: job.name,
          user_id: job.userId,
          payload: json(job.payload ?? null),
          state: 'queued',
          singleton_key: job.singletonKey,
          retry_limit: def.retryLimit,
          retry_delay: def.retryDelaySeconds,
          retry_backoff: def.retryBackoff ? 1 : 0,
          run_after: job.runAfter.toISOString(),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['name', 'singleton_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const live = await db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', job.name)
        .where('singleton_key', '=', job.singletonKey)
        .executeTakeFirst();
      return live ? { id: live.id, created: false } : null;
    },

    /** Jobs waiting or running, by name and state. */
    async openCounts(): Promise<{ name: string; state: string; n: number }[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['name', 'state', sql<number>`count(*)`.as('n')])
        .where('state', 'in', ['queued', 'retry', 'running'])
        .groupBy(['name', 'state'])
        .execute();
      return rows.map((r) => ({ name: r.name, state: r.state, n: Number(r.n) }));
    },

    async find(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async markRunning(id: string, attempt: number, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'running', attempts: attempt, started_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async setProgress(
      id: string,
      progress: { done: number; total: number; message: string | null },
      now: string,
    ): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          progress_done: progress.done,
          progress_total: progress.total,
          progress_message: progress.message,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async markCompleted(id: string, result: unknown, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'completed', result: json(result ?? null), error: null, ...finished(now) })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id: string, error: string, runAfter: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'retry', error, run_after: runAfter, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: string, error: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'failed', error, ...finished(now) })
        .where('id', '=', id)
        .execute();
    },

    /** An attempt cut short by a shutdown: waiting again, and not counted. */
    /** Running jobs of a live worker say so (issue 20): `updated_at` is their heartbeat. */
    async heartbeat(ids: string[], now: string): Promise<void> {
      if (!ids.length) return;
      await db
        .updateTable('jobs')
        .set({ updated_at: now })
        .where('id', 'in', ids)
        .where('state', '=', 'running')
        .execute();
    },

    /** Jobs marked running whose worker has not been heard of since `cutoff` (it died). */
    async staleRunning(cutoff: string): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('jobs')
        .select(['id', 'name'])
        .where('state', '=', 'running')
        .where('updated_at', '<', cutoff)
        .orderBy('updated_at')
        .limit(100)
        .execute();
    },

    async markRequeued(id: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'queued',
          attempts: eb('attempts', '-', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
    },

    async deleteFinishedBefore(cutoff: string): Promise<number> {
      const result = await db
        .deleteFrom('jobs')
        .where('finished_at', '<', cutoff)
        .where('state', 'in', ['completed', 'failed'])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Claims the schedule's current run: `claimed` is true for exactly one caller per interval,
     * however many app servers ask (a conditional update, atomic on both databases).
     * `nextRunAt` says when asking again is worth it.
     */
    async claimScheduleRun(
      name: string,
      everySeconds: number,
      now: Date,
    ): Promise<{ claimed: boolean; nextRunAt: string }> {
      const nowIso = now.toISOString();
      await db
        .insertInto('job_schedules')
        .values({ name, every_seconds: everySeconds, next_run_at: nowIso })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const next = new Date(now.getTime() + everySeconds * 1000).toISOString();
      const result = await db
        .updateTable('job_schedules')
        .set({ next_run_at: next, every_seconds: everySeconds })
        .where('name', '=', name)
        .where('next_run_at', '<=', nowIso)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return { claimed: true, nextRunAt: next };
      const row = await db
        .selectFrom('job_schedules')
        .select('next_run_at')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { claimed: false, nextRunAt: row.next_run_at };
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
