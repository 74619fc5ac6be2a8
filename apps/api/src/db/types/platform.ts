import type { Generated, Selectable } from 'kysely';

/** One background job (platform/jobs); JSON columns hold JSON text. */
export interface JobsTable {
  id: string;
  name: string;
  user_id: number | null;
  payload: string | null;
  state: 'queued' | 'running' | 'retry' | 'completed' | 'failed';
  singleton_key: string | null;
  attempts: Generated<number>;
  retry_limit: Generated<number>;
  retry_delay: Generated<number>;
  retry_backoff: Generated<number>;
  run_after: string;
  progress_done: number | null;
  progress_total: number | null;
  progress_message: string | null;
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface JobSchedulesTable {
  name: string;
  every_seconds: number;
  next_run_at: string;
}

// Idempotency keys (0019, ADR 162)
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: string;
}

export type JobRow = Selectable<JobsTable>;
