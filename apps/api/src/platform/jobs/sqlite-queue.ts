import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createJobsRepository } from './jobs.repository';
import type { ClaimedJob, JobDefinition, NewJob, QueueDriver } from './types';

/**
 * pg-boss's retry schedule, so both databases behave alike: a fixed delay, or with backoff
 * delay·2^(n-1) stretched by up to 2× at random, so retries of many jobs do not arrive together.
 */
export function retryDelayMs(def: JobDefinition, attempt: number, random = Math.random): number {
  const base = def.retryDelaySeconds * 1000;
  if (!def.retryBackoff) return base;
  const stepped = (Math.max(1, def.retryDelaySeconds) * 1000 * 2 ** Math.min(16, attempt)) / 2;
  return stepped * (1 + random());
}

/**
 * The SQLite queue: the `jobs` table itself, claimed by the one process that owns the file
 * (SQLite serialises writers, so a claim by conditional update is atomic).
 */
export function createSqliteQueue(db: Kysely<Database>, now: () => Date): QueueDriver {
  const repo = createJobsRepository(db);
  return {
    async init() {},

    async recover() {
      // A job still 'running' was cut off when the previous process stopped; the attempt
      // it was in does not count.
      const stamp = now().toISOString();
      await db
        .updateTable('jobs')
        .set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), updated_at: stamp }))
        .where('state', '=', 'running')
        .execute();
    },

    async reconcile() {},

    async enqueue(job: NewJob) {
      const row = await repo.insert(job, now().toISOString());
      if (!row) return this.enqueue(job);
      return row.id;
    },

    async claim(def: JobDefinition, limit: number): Promise<ClaimedJob[]> {
      const stamp = now().toISOString();
      // Read first: an idle poll then costs no write lock on the database everyone shares.
      const due = await db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', def.name)
        .where('state', 'in', ['queued', 'retry'])
        .where('run_after', '<=', stamp)
        .orderBy('run_after')
        .orderBy('created_at')
        .limit(limit)
        .execute();
      if (!due.length) return [];
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          started_at: stamp,
          updated_at: stamp,
        }))
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .where('state', 'in', ['queued', 'retry'])
        .returning(['id', 'name', 'payload', 'attempts', 'retry_limit'])
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        payload: r.payload === null ? null : JSON.parse(r.payload),
        attempt: r.attempts,
        retryLimit: r.retry_limit,
      }));
    },

    async complete(job, result) {
      await repo.markCompleted(job.id, result, now().toISOString());
    },

    async fail(job, def, error) {
      const at = now();
      if (job.attempt <= job.retryLimit) {
        const runAfter = new Date(at.getTime() + retryDelayMs(def, job.attempt)).toISOString();
        await repo.markRetry(job.id, error, runAfter, at.toISOString());
        return 'retry';
      }
      await repo.markFailed(job.id, error, at.toISOString());
      return 'failed';
    },

    async requeue(job) {
      await repo.markRequeued(job.id, now().toISOString());
    },

    async close() {},
  };
}
