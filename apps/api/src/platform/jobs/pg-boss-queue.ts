import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/types';
import { createJobsRepository } from './jobs.repository';
import type { ClaimedJob, JobDefinition, NewJob, QueueDriver } from './types';
import type { Logger as FullLogger } from '../logger';

type Logger = Pick<FullLogger, 'error'>;

/** pg-boss's `db` option: its SQL runs on our pool (or inside one of our transactions). */
function executor(db: Kysely<Database>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (db.isTransaction) {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      }
      // pg-boss's schema plans are `BEGIN; …; COMMIT;` scripts. If one fails midway (another
      // server created the schema first), roll back on that connection before it goes back to
      // the pool, or the pool would hand out a connection stuck in an aborted transaction.
      return db.connection().execute(async (conn) => {
        try {
          const result = await conn.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows };
        } catch (err) {
          if (/^\s*BEGIN\b/i.test(text)) {
            await conn.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          }
          throw err;
        }
      });
    },
  };
}

/**
 * The PostgreSQL queue: pg-boss claims (`FOR UPDATE SKIP LOCKED`, so of several app servers
 * exactly one gets a job), schedules retries with backoff and expires attempts whose process
 * died. Our `jobs` row mirrors each change, in the same transaction as pg-boss's, for the
 * owner, progress and result that pg-boss does not keep.
 */
export function createPgBossQueue(
  db: Kysely<Database>,
  options: { schema: string; log: Logger; now: () => Date },
): QueueDriver {
  const { schema, log, now } = options;
  const boss = new PgBoss({
    db: executor(db),
    schema,
    // Our own schedules (job_schedules) work the same on both databases; pg-boss's cron is off.
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  let ready: Promise<void> | null = null;
  const queues = new Map<string, Promise<void>>();
  const repo = createJobsRepository(db);

  const init = () => (ready ??= boss.start().then(() => undefined));
  // pg-boss creates a partition per queue and attaches it to its job table; two creations at
  // once can deadlock each other (as can two servers starting together). One at a time here,
  // and a deadlock victim simply tries again.
  let creating: Promise<unknown> = Promise.resolve();
  async function createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      }
    }
  }
  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = init().then(() => {
        const next = creating.then(() => createQueue(name));
        creating = next.catch(() => undefined);
        return next;
      });
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  }

  return {
    init,
    async recover() {
      await this.reconcile();
    },
    async reconcile() {
      await init();
      const stamp = now().toISOString();
      // pg-boss keeps a job in `job` until it is archived; a live record whose job is gone
      // from there, or is there but finished, lost its worker without us hearing of it.
      await db.executeQuery(
        CompiledQuery.raw(
          `update jobs set state = 'failed', payload = null, singleton_key = null,
             error = coalesce(error || ' / ', '') || 'stopped without finishing (its server went away)',
             finished_at = $1, updated_at = $1
           where state in ('queued', 'running', 'retry')
             and not exists (
               select 1 from ${schema}.job b
               where b.name = jobs.name and b.id = jobs.id::uuid
                 and b.state < 'completed'
             )`,
          [stamp],
        ),
      );
    },

    async enqueue(job: NewJob) {
      await ensureQueue(job.name);
      const def = job.definition;
      for (;;) {
        const id = await db.transaction().execute(async (trx) => {
          const row = await createJobsRepository(trx).insert(job, now().toISOString());
          if (!row || !row.created) return row?.id ?? null;
          const sent = await boss.send(job.name, (job.payload ?? null) as object, {
            id: job.id,
            startAfter: job.runAfter,
            retryLimit: def.retryLimit,
            retryDelay: def.retryDelaySeconds,
            retryBackoff: def.retryBackoff,
            expireInSeconds: def.expireInSeconds,
            db: executor(trx),
          });
          if (!sent) throw new Error(`pg-boss did not accept job ${job.name}`);
          return row.id;
        });
        if (id) return id;
      }
    },

    async claim(def: JobDefinition, limit: number): Promise<ClaimedJob[]> {
      await ensureQueue(def.name);
      const fetched = await boss.fetch(def.name, { batchSize: limit, includeMetadata: true });
      const claimed: ClaimedJob[] = [];
      for (const job of fetched) {
        const attempt = job.retryCount + 1;
        await repo.markRunning(job.id, attempt, now().toISOString());
        claimed.push({
          id: job.id,
          name: def.name,
          payload: job.data,
          attempt,
          retryLimit: job.retryLimit,
        });
      }
      return claimed;
    },

    async complete(job, result) {
      await db.transaction().execute(async (trx) => {
        // (pg-boss reads a third argument as output even when typed as options.)
        await boss.complete(job.name, job.id, {}, { db: executor(trx) });
        await createJobsRepository(trx).markCompleted(job.id, result, now().toISOString());
      });
    },

    async fail(job, _def, error) {
      const retry = job.attempt <= job.retryLimit;
      await db.transaction().execute(async (trx) => {
        await boss.fail(job.name, job.id, { message: error }, { db: executor(trx) });
        const jobs = createJobsRepository(trx);
        const stamp = now().toISOString();
        // pg-boss picks the retry time; our row only says a retry is due.
        if (retry) {
          await jobs.markRetry(job.id, error, stamp, stamp);
        } else {
          await jobs.markFailed(job.id, error, stamp);
        }
      });
      return retry ? 'retry' : 'failed';
    },

    async requeue(job) {
      // pg-boss has no "put back"; cancel+resume would count the cut-off attempt as a retry.
      // This one statement undoes the claim instead: waiting again, and with started_on cleared
      // the next claim does not bump retry_count.
      await db.transaction().execute(async (trx) => {
        await trx.executeQuery(
          CompiledQuery.raw(
            `update ${schema}.job set state = 'created', started_on = null where name = $1 and id = $2 and state = 'active'`,
            [job.name, job.id],
          ),
        );
        await createJobsRepository(trx).markRequeued(job.id, now().toISOString());
      });
    },

    async close() {
      if (!ready) return;
      await ready.catch(() => undefined);
      await boss.stop({ graceful: false, close: false });
      ready = null;
      queues.clear();
    },
  };
}
