import { randomUUID } from 'node:crypto';
import {
  errorCodes,
  importMessages,
  type Import,
  type ImportSource,
} from '@series-tracker/contracts';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/time';
import { authorize, type Viewer } from '../../platform/policy';
import { createApplier } from './apply';
import { createHeld } from './held';
import { createImportJob, IMPORT_JOB } from './import-job';
import type { ImportsServiceOptions } from './imports.options';
import { emptyReport, toImport, type StoredReport } from './report';
import { page } from '../shows/shows.service';

export { IMPORT_JOB };
export { Collector, type ShowAgg } from './collect';
export type {
  ImportTargets,
  ImportsServiceOptions,
  ListImport,
  ReviewImport,
} from './imports.options';

/**
 * The imports feature's public face. The work lives by use case: collect.ts (gather a file's
 * records per show), match.ts (catalogue shows), apply.ts (the one writer into tracking's
 * tables), report.ts (the stored report), import-job.ts (the `imports.run` job).
 */
export function createImportsService(options: ImportsServiceOptions) {
  const { repo, uow, tracking, jobs } = options;
  const now = options.now ?? (() => new Date());
  const applier = createApplier({ repo, uow, tracking, now });
  const { writeShows } = applier;
  const held = createHeld({ repo, applier });
  const { releaseHeld } = held;
  const { runImport, perform } = createImportJob(options, applier, releaseHeld);

  async function progressOf(row: { job_id: string | null; status: string }) {
    const job = row.job_id ? await jobs.get(row.job_id) : null;
    if (job?.progress) return job.progress;
    const finished = row.status === 'done' || row.status === 'failed';
    return { done: finished ? 1 : 0, total: finished ? 1 : 0, message: null };
  }

  async function ownImport(viewer: Viewer, id: string) {
    const row = await repo.findImport(id);
    authorize(
      viewer,
      'read',
      row && { kind: 'import', ownerId: row.user_id },
      importMessages.notFound,
    );
    return row!;
  }

  return {
    runImport,
    releaseHeld,

    /** The CLI: records an import for `userId` and runs it here, now, on the admin's file. */
    async importNow(
      userId: number,
      file: string,
      source: ImportSource | null,
      progress: (done: number, total: number, message: string) => void,
    ) {
      const id = randomUUID();
      const stamp = nowIso();
      try {
        await repo.insertImport({
          id,
          user_id: userId,
          source,
          file_name: file.split(/[\\/]/).pop() ?? null,
          now: stamp,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(errorCodes.conflict, importMessages.running);
        throw err;
      }
      return perform(
        { importId: id, userId, file, source, keepFile: true },
        async (d, t, m) => progress(d, t, m),
        undefined,
        true,
      );
    },

    /** Where uploads wait for their job (the upload route streams into it). */
    importFiles: options.importFiles,

    /** Records the stored upload and queues its job; one live import per user. */
    async start(
      userId: number,
      upload: { key: string; fileName: string | null; source: ImportSource | null },
    ): Promise<{ id: string }> {
      const id = randomUUID();
      const stamp = nowIso();
      // A record left queued or running by a crashed process for a day does not block forever.
      await repo.failStale(userId, new Date(now().getTime() - 86_400_000).toISOString(), stamp);
      try {
        await repo.insertImport({
          id,
          user_id: userId,
          source: upload.source,
          file_name: upload.fileName,
          now: stamp,
        });
      } catch (err) {
        await options.importFiles.delete(upload.key).catch(() => undefined);
        if (isUniqueViolation(err)) throw conflict(errorCodes.conflict, importMessages.running);
        throw err;
      }
      const jobId = await jobs.enqueue(
        IMPORT_JOB,
        { importId: id, userId, key: upload.key, source: upload.source },
        { userId },
      );
      await repo.setJob(id, jobId);
      return { id };
    },

    /** The member's held history per show, with why it is held and what resolves it. */
    held: held.list,

    async get(viewer: Viewer, id: string): Promise<Import> {
      const row = await ownImport(viewer, id);
      return toImport(row, await progressOf(row));
    },

    async list(userId: number, limit: number, offset: number) {
      const { rows, total } = await repo.listImports(userId, limit, offset);
      const data = await Promise.all(rows.map(async (r) => toImport(r, await progressOf(r))));
      return page(data, total, limit, offset);
    },

    /** Applies one unmatched row to the show the user picked. */
    async applyRow(viewer: Viewer, id: string, index: number, showId: number): Promise<Import> {
      const row = await ownImport(viewer, id);
      if (row.status !== 'done' || !row.report) throw notFound(importMessages.rowNotFound);
      const stored = JSON.parse(row.report) as StoredReport;
      const target = stored.unmatchedRows[index];
      if (!target) throw notFound(importMessages.rowNotFound);
      if (target.appliedShowId !== null)
        throw conflict(errorCodes.conflict, importMessages.rowApplied);
      const show = await repo.showById(showId);
      if (!show)
        throw new AppError(400, errorCodes.validation, importMessages.showNotFound, {
          showId: importMessages.showNotFound,
        });
      const counts = emptyReport();
      await writeShows(row.user_id, id, [{ agg: target.agg, show }], counts, { hold: true });
      target.appliedShowId = showId;
      stored.episodes.marked += counts.episodes.marked;
      stored.episodes.alreadyWatched += counts.episodes.alreadyWatched;
      if (counts.episodes.rewatches)
        stored.episodes.rewatches = (stored.episodes.rewatches ?? 0) + counts.episodes.rewatches;
      stored.episodes.held += counts.episodes.held;
      stored.watchlist += counts.watchlist;
      stored.favorites += counts.favorites;
      stored.ratings += counts.ratings;
      // Held history the applied row brought is listed like the import's own.
      if (counts.heldCounts) stored.heldCounts = (stored.heldCounts ?? 0) + counts.heldCounts;
      if (counts.heldShows?.length)
        stored.heldShows = [...(stored.heldShows ?? []), ...counts.heldShows];
      if (target.kind === 'show') {
        stored.shows.unmatched--;
        stored.shows.matched++;
      } else stored.episodes.unmatched--;
      await repo.updateImport(id, { report: JSON.stringify(stored), updated_at: nowIso() });
      return toImport({ ...row, report: JSON.stringify(stored) }, await progressOf(row));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
