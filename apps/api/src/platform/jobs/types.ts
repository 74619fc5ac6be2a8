/** The jobs layer's public shapes (docs/decisions/050-jobs.md). */

export type JobState = 'queued' | 'running' | 'retry' | 'completed' | 'failed';

export interface JobProgress {
  done: number;
  total: number;
  message: string | null;
}

/** What `jobs.get(id)` returns: a job's record, whichever database runs the queue. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  /** Attempts started so far (an attempt cut short by a shutdown does not count). */
  attempts: number;
  progress: JobProgress | null;
  /** What the handler returned (JSON), once completed. */
  result: unknown;
  /** The last attempt's error message (kept when the job finally fails). */
  error: string | null;
  userId: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface JobContext<P> {
  id: string;
  payload: P;
  /** 1 on the first attempt, 2 on the first retry, … */
  attempt: number;
  /**
   * Aborted when the worker shuts down. Stop at a safe point by throwing
   * (`signal.throwIfAborted()`): the job is then put back and runs again on the next start,
   * without counting as a failed attempt. Returning normally marks the job completed.
   */
  signal: AbortSignal;
  /** Records progress, visible through `jobs.get` and GET /api/jobs/:id. */
  progress(done: number, total: number, message?: string): Promise<void>;
}

export type JobHandler<P = unknown, R = unknown> = (ctx: JobContext<P>) => Promise<R> | R;

export interface JobOptions {
  /** Retries after the first failed attempt (0: fail at once). Default 2. */
  retryLimit?: number;
  /** Seconds before a retry. Default 30. */
  retryDelaySeconds?: number;
  /** Double the delay on each retry (with jitter, as pg-boss does). Default true. */
  retryBackoff?: boolean;
  /** Handlers of this name running at once in one process. Default 1. */
  concurrency?: number;
  /**
   * An attempt running longer than this is presumed dead (its process crashed) and retried.
   * Default 15 minutes. Only PostgreSQL enforces it (pg-boss's maintenance).
   */
  expireInSeconds?: number;
}

export type JobDefinition = Required<JobOptions> & { name: string; handler: JobHandler };

export interface EnqueueOptions {
  /** The user the job belongs to; only they see it through the API. */
  userId?: number | null;
  /** At most one waiting or running job per name and key: a second enqueue returns the first's id. */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface Jobs {
  define<P, R>(name: string, handler: JobHandler<P, R>, options?: JobOptions): void;
  /** Records the job and queues it; the returned id is the existing job's for a live singleton. */
  enqueue(name: string, payload?: unknown, options?: EnqueueOptions): Promise<string>;
  /** Runs `name` every `everySeconds` (one run per interval across all app servers). */
  schedule(name: string, everySeconds: number, payload?: unknown): void;
  get(id: string): Promise<JobRecord | null>;
  /** Jobs waiting or running, by name and state (metrics). */
  openCounts(): Promise<{ name: string; state: string; n: number }[]>;
  /**
   * Resolves once no job of `name` is due or running (a retry scheduled for later does not
   * count). For tests and tools; needs the worker started.
   */
  idle(name: string): Promise<void>;
  /**
   * Tests only: this worker vanishes as a killed process would (no hand-back of running jobs,
   * no more heartbeats). Another worker takes them over once they are stale.
   */
  abandon(): Promise<void>;
  /** Starts the worker loop (claiming, schedules). Enqueue works without it. */
  start(): Promise<void>;
  /** Stops claiming, aborts running handlers and waits for them (up to `timeoutMs`). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** A job a worker claimed, as the queue driver hands it over. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempt: number;
  retryLimit: number;
}

export interface NewJob {
  id: string;
  name: string;
  payload: unknown;
  userId: number | null;
  singletonKey: string | null;
  runAfter: Date;
  definition: JobDefinition;
}

/** What differs between SQLite (our table) and PostgreSQL (pg-boss). */
export interface QueueDriver {
  /** Prepares storage (pg-boss schema); safe to call more than once. */
  init(): Promise<void>;
  /** On start: SQLite queues again the jobs a previous process left running. */
  recover(): Promise<void>;
  /**
   * On start and with the cleanup: PostgreSQL fails the records whose pg-boss job pg-boss
   * already finished without us (an attempt that expired with no retries left after its
   * server died), freeing their singleton keys. Nothing to do on SQLite.
   */
  reconcile(): Promise<void>;
  enqueue(job: NewJob): Promise<string>;
  claim(definition: JobDefinition, limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob, result: unknown): Promise<void>;
  /** Records a failed attempt; says whether a retry was scheduled. */
  fail(job: ClaimedJob, definition: JobDefinition, error: string): Promise<'retry' | 'failed'>;
  /** Puts an interrupted job back as it was before this attempt. */
  requeue(job: ClaimedJob): Promise<void>;
  close(): Promise<void>;
}
