import type { Kysely, Transaction } from 'kysely';
import type { Db, DialectName } from '../db/connection';
import type { Database } from '../db/types';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { silentLogger, type Logger } from './logger';

/** What a repository method runs its SQL on: the root connection or a unit of work's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;

export interface UnitOfWork {
  readonly dialect: DialectName;
  /**
   * Runs `work` in one transaction (ADR 141): committed when it returns, rolled back when it
   * throws. Repository methods that take part receive `trx` as their executor. A connection
   * lost before COMMIT was sent rolls everything back, so the whole of `work` is run again
   * (at most `retries` times, short backoff); `work` must therefore do nothing but database
   * work (files, mail and events come after it returns). A failure while committing is never
   * retried: the commit may have happened. What is still unavailable after the retries
   * reaches the error plugin as a 503 (lib/db-errors).
   */
  run<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
  /**
   * `run` without the retry, for work that also keeps tallies outside the database that a
   * second run would count twice (an import's report): a lost connection fails it at once,
   * rolled back.
   */
  runOnce<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
}

export interface UnitOfWorkOptions {
  /** Extra attempts after a connection lost before commit (default 2). */
  retries?: number;
  /** Wait before the first retry, doubled for each next one (default 50 ms). */
  backoffMs?: number;
  log?: Pick<Logger, 'warn'>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True when the failure means the connection (or the server) went away: the transaction was
 * rolled back by the database and running it again is safe. Not retried: SQLite's BUSY and
 * the pool's own "no connection free in time" (both already waited seconds; another wait
 * only queues more work on a saturated database).
 */
function connectionLost(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_BUSY') return false;
  return !(
    typeof message === 'string' && message.includes('timeout exceeded when trying to connect')
  );
}

/** The one way to a transaction; built once in the composition root (platform/services.ts). */
export function createUnitOfWork(
  db: Pick<Db, 'kysely' | 'dialect'>,
  options: UnitOfWorkOptions = {},
): UnitOfWork {
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 50;
  const log = options.log ?? silentLogger;
  async function transact<T>(work: (trx: Tx) => Promise<T>, attempts: number): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      // Set once `work` has returned: from there on Kysely sends COMMIT, and a lost
      // connection leaves it unknown whether the transaction was committed.
      let committing = false;
      try {
        return await db.kysely.transaction().execute(async (trx) => {
          const result = await work(trx);
          committing = true;
          return result;
        });
      } catch (error) {
        if (committing || attempt >= attempts || !connectionLost(error)) throw error;
        log.warn(
          { err: { message: (error as Error).message }, attempt: attempt + 1 },
          'transaction lost its connection before commit; running it again',
        );
        await sleep(backoffMs * 2 ** attempt);
      }
    }
  }
  return {
    dialect: db.dialect,
    run: (work) => transact(work, retries),
    runOnce: (work) => transact(work, 0),
  };
}
