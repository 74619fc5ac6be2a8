import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection';
import { createJobsRepository, toJobRecord } from './jobs.repository';
import { createPgBossQueue } from './pg-boss-queue';
import { createSqliteQueue } from './sqlite-queue';
import type { ClaimedJob, JobDefinition, JobHandler, JobOptions, Jobs, QueueDriver } from './types';
import type { Logger } from '../logger';

export type * from './types';

export interface CreateJobsOptions {
  db: Db;
  log: Logger;
  /** How often an idle worker looks for due jobs and schedules (ms). Default 1000. */
  pollIntervalMs?: number;
  /** Finished job records older than this are deleted by the `jobs.cleanup` schedule. */
  retentionDays?: number;
  /** How often a running job's record is touched to say its worker is alive (ms, 20 s). */
  heartbeatMs?: number;
  /**
   * A job marked running but not touched for this long lost its worker (a killed server): any
   * server puts it back in the queue and one runs it again (ms, 90 s: picked up within 2 min).
   */
  staleAfterMs?: number;
  now?: () => Date;
}

const defaults: Required<JobOptions> = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  concurrency: 1,
  expireInSeconds: 15 * 60,
};

/** A shutdown interrupted the handler: the job goes back, it did not fail. */
class Interrupted extends Error {}

/**
 * Background jobs with one interface on both databases (docs/decisions/050-jobs.md): pg-boss
 * on PostgreSQL, the `jobs` table on SQLite. `enqueue` and `get` work at once; handlers run
 * once `start()` has been called (the server does; tests and CLIs may not).
 */
export function createJobs(options: CreateJobsOptions): Jobs {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const retentionDays = options.retentionDays ?? 7;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const staleAfterMs = options.staleAfterMs ?? 90_000;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let lastReclaim = 0;
  /** Set by abandon() (tests): this worker vanished; nothing it was doing is recorded. */
  let abandoned = false;
  const repo = createJobsRepository(db.kysely);
  const queue: QueueDriver =
    db.dialect === 'postgres'
      ? createPgBossQueue(db.kysely, {
          // Tests give each file a schema of its own; pg-boss gets one beside it.
          schema: db.schema ? `${db.schema}_jobs` : 'pgboss',
          log,
          now,
        })
      : createSqliteQueue(db.kysely, now);

  const definitions = new Map<string, JobDefinition>();
  /** `dueAt`: when this process next asks the database (ms); 0 until it first asks. */
  const schedules = new Map<string, { everySeconds: number; payload: unknown; dueAt: number }>();
  const running = new Map<
    string,
    { name: string; controller: AbortController; done: Promise<void> }
  >();
  let state: 'idle' | 'started' | 'stopping' = 'idle';
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let wakeRequested = false;

  function definition(name: string): JobDefinition {
    const def = definitions.get(name);
    if (!def) throw new Error(`Unknown job "${name}": define it before enqueueing`);
    return def;
  }

  function runningCount(name: string): number {
    let count = 0;
    for (const r of running.values()) if (r.name === name) count++;
    return count;
  }

  async function run(job: ClaimedJob, def: JobDefinition): Promise<void> {
    const controller = new AbortController();
    const entry = { name: job.name, controller, done: Promise.resolve() };
    running.set(job.id, entry);
    entry.done = (async () => {
      try {
        let result: unknown;
        try {
          result = await def.handler({
            id: job.id,
            payload: job.payload,
            attempt: job.attempt,
            signal: controller.signal,
            progress: (done, total, message) =>
              repo.setProgress(
                job.id,
                { done, total, message: message ?? null },
                now().toISOString(),
              ),
          });
        } catch (err) {
          if (abandoned) return;
          if (controller.signal.aborted) throw new Interrupted();
          const message = err instanceof Error ? err.message : String(err);
          const outcome = await queue.fail(job, def, message);
          // Called on the logger: a detached pino method throws (its `this` holds the stream).
          log[outcome === 'failed' ? 'error' : 'warn'](
            { job: job.name, jobId: job.id, attempt: job.attempt, err },
            outcome === 'failed' ? 'job failed' : 'job attempt failed; retry scheduled',
          );
          return;
        }
        if (abandoned) return;
        await queue.complete(job, result);
      } catch (err) {
        if (abandoned) return;
        if (err instanceof Interrupted) {
          await queue
            .requeue(job)
            .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not requeue job'));
          log.info({ job: job.name, jobId: job.id }, 'job interrupted by shutdown; queued again');
        } else {
          log.error({ err, job: job.name, jobId: job.id }, 'could not record job outcome');
        }
      } finally {
        running.delete(job.id);
        wake();
      }
    })();
  }

  async function runSchedules(): Promise<void> {
    for (const [name, entry] of schedules) {
      const at = now();
      if (at.getTime() < entry.dueAt) continue;
      try {
        const { claimed, nextRunAt } = await repo.claimScheduleRun(name, entry.everySeconds, at);
        entry.dueAt = Date.parse(nextRunAt);
        if (claimed) await enqueue(name, entry.payload, { singletonKey: 'schedule' });
      } catch (err) {
        log.error({ err, job: name }, 'could not start scheduled job');
      }
    }
  }

  /**
   * Jobs whose worker died (its server was killed: no hand-back, no more heartbeats) go back
   * to the queue, the cut-off attempt not counted, so a live server picks them up (issue 20).
   * Every server looks, now and then; putting back is guarded by the job's state, so two
   * servers reclaiming at once put it back once.
   */
  async function reclaimStale(): Promise<void> {
    const at = now().getTime();
    if (at - lastReclaim < Math.min(15_000, staleAfterMs / 2)) return;
    lastReclaim = at;
    try {
      const stale = await repo.staleRunning(new Date(at - staleAfterMs).toISOString());
      for (const job of stale) {
        if (running.has(job.id)) continue;
        await queue.requeue({
          id: job.id,
          name: job.name,
          payload: null,
          attempt: 0,
          retryLimit: 0,
        });
        log.warn({ job: job.name, jobId: job.id }, 'job lost its worker; queued again');
      }
    } catch (err) {
      log.error({ err }, 'could not reclaim jobs of lost workers');
    }
  }

  async function tick(): Promise<void> {
    await runSchedules();
    await reclaimStale();
    for (const def of definitions.values()) {
      if (state !== 'started') return;
      const free = def.concurrency - runningCount(def.name);
      if (free <= 0) continue;
      try {
        for (const job of await queue.claim(def, free)) void run(job, def);
      } catch (err) {
        log.error({ err, job: def.name }, 'could not claim jobs');
      }
    }
  }

  function loop(): void {
    timer = null;
    if (state !== 'started') return;
    wakeRequested = false;
    ticking = tick().finally(() => {
      ticking = null;
      if (state !== 'started') return;
      timer = setTimeout(loop, wakeRequested ? 0 : pollIntervalMs);
    });
  }

  /** Looks for work now instead of at the next poll (after an enqueue or a finished job). */
  function wake(): void {
    if (state !== 'started') return;
    if (ticking) {
      wakeRequested = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(loop, 0);
  }

  async function enqueue(
    name: string,
    payload: unknown = null,
    opts: { userId?: number | null; singletonKey?: string; startAfter?: Date } = {},
  ): Promise<string> {
    const id = await queue.enqueue({
      id: randomUUID(),
      name,
      payload,
      userId: opts.userId ?? null,
      singletonKey: opts.singletonKey ?? null,
      runAfter: opts.startAfter ?? now(),
      definition: definition(name),
    });
    wake();
    return id;
  }

  const jobs: Jobs = {
    define<P, R>(name: string, handler: JobHandler<P, R>, opts: JobOptions = {}) {
      definitions.set(name, {
        ...defaults,
        ...opts,
        name,
        handler: handler as JobHandler,
      });
    },
    enqueue,
    schedule(name, everySeconds, payload = null) {
      definition(name);
      if (!(everySeconds >= 1)) throw new Error('A schedule runs at most once a second');
      schedules.set(name, { everySeconds, payload, dueAt: 0 });
    },
    async get(id) {
      const row = await repo.find(id);
      return row ? toJobRecord(row) : null;
    },

    openCounts: () => repo.openCounts(),
    async idle(name) {
      if (state !== 'started') throw new Error('jobs.idle() needs the worker started');
      for (;;) {
        const due = await db.kysely
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', name)
          .where('state', 'in', ['queued', 'running'])
          .where('run_after', '<=', now().toISOString())
          .limit(1)
          .executeTakeFirst();
        if (!due && runningCount(name) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, 50)));
      }
    },
    async start() {
      if (state !== 'idle') return;
      await queue.init();
      await queue.recover();
      state = 'started';
      heartbeatTimer = setInterval(() => {
        const ids = [...running.keys()];
        if (ids.length)
          void repo
            .heartbeat(ids, now().toISOString())
            .catch((err: unknown) => log.error({ err }, 'could not record job heartbeats'));
      }, heartbeatMs);
      heartbeatTimer.unref();
      loop();
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (state === 'idle') {
        await queue.close();
        return;
      }
      if (state === 'stopping') return;
      state = 'stopping';
      if (timer) clearTimeout(timer);
      timer = null;
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = null;
      await ticking;
      for (const r of running.values()) r.controller.abort();
      const all = Promise.all([...running.values()].map((r) => r.done));
      let timeout: NodeJS.Timeout | undefined;
      const expired = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([all, expired]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        log.warn(
          { jobs: [...running.keys()] },
          'jobs still running at shutdown; they run again after the next start',
        );
      }
      await queue.close();
      state = 'idle';
    },
    async abandon() {
      // As if the process were killed: no hand-back, no more heartbeats, nothing recorded.
      abandoned = true;
      state = 'idle';
      if (timer) clearTimeout(timer);
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      timer = heartbeatTimer = null;
      await ticking;
      await queue.close();
    },
  };

  // Finished records are kept a while (results, errors), then removed.
  jobs.define(
    'jobs.cleanup',
    async () => {
      await queue.reconcile();
      const cutoff = new Date(now().getTime() - retentionDays * 86_400_000).toISOString();
      return { deleted: await repo.deleteFinishedBefore(cutoff) };
    },
    { retryLimit: 1, retryDelaySeconds: 60 },
  );
  jobs.schedule('jobs.cleanup', 6 * 3600);
  return jobs;
}
