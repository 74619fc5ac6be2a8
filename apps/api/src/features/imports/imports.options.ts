import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mail/mail';
import type { Storage } from '../../platform/storage';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { TrackingService } from '../tracking/tracking.service';
import type { ArchiveLimits } from './archive';
import type { ShowRef } from './import-records';
import type { ImportsRepository } from './imports.repository';

/*
 * What the imports service is built with and what it hands other features. Their own file, so
 * the import job (import-job.ts) and the service (imports.service.ts) both depend on them and
 * not on each other (ADR 184).
 */

export interface ListImport {
  key: string;
  name: string;
  description: string | null;
  createdAt: string | null;
  items: { showId: number; rank: number; note: string | null }[];
}
export interface ReviewImport {
  showId: number;
  title: string | null;
  text: string;
  rating: number | null;
  spoiler: boolean;
  createdAt: string;
}

/**
 * What other features offer the importer (composition root): lists and reviews are written
 * through their own services, private, with their original dates and `imported: true`.
 */
export interface ImportTargets {
  lists?: (userId: number, lists: ListImport[]) => Promise<number>;
  reviews?: (
    userId: number,
    reviews: ReviewImport[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
  /** Episode ratings, as the member's private, unannounced episode ratings. */
  episodeRatings?: (
    userId: number,
    ratings: { episodeId: number; rating: number; at: string | null }[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
  /** Season ratings, private and unannounced, dated as in the file (ADR 180). */
  seasonRatings?: (
    userId: number,
    ratings: { showId: number; season: number; rating: number; at: string | null }[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
  /** Members the exporting account followed, by username (our own export). */
  follows?: (
    userId: number,
    follows: { username: string; followedAt: string | null }[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
}

export interface ImportsServiceOptions {
  repo: ImportsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /**
   * Tracking's write rule for a file's shows (ADR 110, 130): every watch kept, progress exact,
   * the item's status decided by tracking (issue 30).
   */
  tracking: Pick<TrackingService, 'applyImported'>;
  jobs: Jobs;
  mail: Mail;
  log: Logger;
  /**
   * Where uploads wait for their job, every app server's (IMPORT_DIR or the bucket: ADR 140).
   * Keys are `<userId>/<uuid>.upload`.
   */
  importFiles: Storage;
  /** This server's folder for scratch copies of uploads fetched from a bucket. */
  importDir: string;
  /** When on, shows missing from the catalogue are looked up on TVmaze by TheTVDB/IMDb id. */
  lookupShow?: (ids: ShowRef['ids']) => Promise<number | null>;
  /**
   * When on, a show still missing is searched on TVmaze by its title (what it finds joins the
   * catalogue), then matched by title and year again. Resolves when the search is done.
   */
  searchTitle?: (title: string) => Promise<void>;
  targets?: ImportTargets;
  /** An import running longer than this sends a mail when it finishes (default 60 s). */
  mailAfterMs?: number;
  archiveLimits?: ArchiveLimits;
  now?: () => Date;
}
