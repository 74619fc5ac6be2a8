import type { AppConfig } from '../../config';
import type { Db } from '../../db/connection';
import { createAttemptCounter } from '../attempts';
import { createUserErasure } from '../erasure';
import { createRedisEventBridge } from '../event-bridge';
import { createEventBus, type EventBus } from '../events';
import { createJobs } from '../jobs/jobs';
import type { Logger } from '../logger';
import { createMail } from '../mail/mail';
import { createRedis } from '../redis';
import { createLocalStorage } from '../storage';
import { createS3Client, createS3Storage } from '../storage-s3';
import { createUnitOfWork } from '../unit-of-work';
import { createPasswordGuard } from '../../features/auth/password-guard';

export interface RootOptions {
  config: AppConfig;
  db: Db;
  log: Logger;
}

/**
 * What every feature is built on: the event bus, transactions, erasure steps, Redis, jobs,
 * mail, attempt budgets and the file stores. Nothing here knows a feature's rules.
 */
export function wireInfrastructure({ config, db, log }: RootOptions) {
  const events: EventBus = createEventBus(log);
  // The one way to a transaction (ADR 141): retry before commit on a lost connection.
  const uow = createUnitOfWork(db, { log });
  // Steps that run when an account is deleted (platform/erasure.ts); features register theirs.
  const erasure = createUserErasure();
  const redis = createRedis(config, log);
  // Several servers: what one emits, the others' caches hear (platform/event-bridge.ts).
  const bridge = redis
    ? createRedisEventBridge({ redis, prefix: config.redisPrefix, events, log })
    : null;

  // Background work (ADR 050). Enqueueing works at once; handlers run once `jobs.start()` is
  // called, which the server does (server.ts) and tests and CLIs do only when they need it.
  const jobs = createJobs({ db, log, ...config.jobs });
  const mail = createMail({ config, jobs, log });

  // Account (issue 12): wrong-password and mail budgets (Redis or memory), uploaded files.
  const attempts = createAttemptCounter(redis, config.redisPrefix, log);
  const passwords = createPasswordGuard(attempts);
  // Shared files (ADR 140): avatars and pending import uploads in one S3-compatible bucket
  // (under avatars/ and imports/) when S3_BUCKET is set, else UPLOAD_DIR and IMPORT_DIR.
  const s3 = config.s3 ? createS3Client(config.s3) : null;
  const storage = s3 ? createS3Storage(s3, config.s3!) : createLocalStorage(config.uploadDir);
  const importFiles = s3
    ? createS3Storage(s3, { ...config.s3!, publicUrl: null }, { keyPrefix: 'imports/' })
    : createLocalStorage(config.importDir);
  // A deleted member's files: every avatar they uploaded (replaced ones a failed delete left
  // too) and uploads still waiting for an import job.
  erasure.registerFiles('avatars', (userId) => storage.deletePrefix(`avatars/${userId}/`));
  erasure.registerFiles('import-uploads', (userId) => importFiles.deletePrefix(`${userId}/`));

  return {
    config,
    db,
    log,
    events,
    uow,
    erasure,
    redis,
    bridge,
    jobs,
    mail,
    attempts,
    passwords,
    s3,
    storage,
    importFiles,
  };
}

export type Infrastructure = ReturnType<typeof wireInfrastructure>;
