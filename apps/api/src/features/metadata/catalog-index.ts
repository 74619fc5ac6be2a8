import type { Db } from '../../db/connection';
import type { Jobs } from '../../platform/jobs/jobs';
import { silentLogger, type Logger } from '../../platform/logger';
import { createMetadataRepository } from './metadata.repository';
import type { MetadataService } from './metadata.service';
import { MetadataUnavailableError } from './tvmaze.client';

/** The daily job that applies TVmaze's `/updates/shows` to the shows we have. */
export const APPLY_UPDATES_JOB = 'catalog.apply-updates';
const DAY_SECONDS = 86_400;
/** The cursor of the bulk sync: the next page of TVmaze's show index to read. */
const INDEX_CURSOR = 'tvmaze-index-next-page';

export interface IndexProgress {
  /** Pages read so far in this run (resumed pages not counted). */
  page: number;
  /** The index's last page, as probed at the start. */
  lastPage: number;
  added: number;
  updated: number;
}

export interface IndexSyncResult extends IndexProgress {
  /** Where this run started (0, or the page a killed run had reached). */
  startedAt: number;
  /** True when the whole index was read; false when stopped (signal) or TVmaze went away. */
  done: boolean;
  offline: boolean;
}

export interface UpdatesResult {
  /** Shows TVmaze reports changed in the period. */
  reported: number;
  /** Of them, shows in our catalogue whose copy is older than TVmaze's change. */
  stale: number;
  queued: number;
  offline: boolean;
}

export interface CatalogIndexOptions {
  db: Db;
  metadata: Pick<
    MetadataService,
    'client' | 'remote' | 'noteFailure' | 'addShows' | 'queueRefresh'
  >;
  /** Where the daily updates job runs; without it (CLIs) nothing is scheduled. */
  jobs?: Jobs;
  /** Schedule the daily job (METADATA_SYNC=on). */
  schedule?: boolean;
  log?: Logger;
  now?: () => Date;
  /** Most refreshes one run of the updates job queues (the most-watched shows first). */
  maxRefreshes?: number;
}

/**
 * The catalogue in bulk (issue 18): every show TVmaze knows, from its show index, and a daily
 * pass over TVmaze's updates feed. Show records only: episode lists come per show, when
 * someone touches it (catalog.refresh-show), so the bulk sync stays within a few hundred
 * calls. Nothing here deletes anything (episodes TVmaze drops are retired by a refresh).
 */
export function createCatalogIndex(options: CatalogIndexOptions) {
  const { db, metadata } = options;
  const repo = createMetadataRepository(db.kysely);
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const maxRefreshes = options.maxRefreshes ?? 2_000;

  async function readCursor(): Promise<number> {
    const value = await repo.syncState(INDEX_CURSOR);
    return value === null ? 0 : Number(value);
  }

  async function writeCursor(page: number): Promise<void> {
    await repo.setSyncState(INDEX_CURSOR, String(page), now().toISOString());
  }

  /** Pages read while looking for the end, kept for the sync that follows (read once). */
  type IndexPage = Awaited<ReturnType<typeof metadata.client.getShowIndexPage>>;
  const probed = new Map<number, IndexPage>();
  const readPage = async (page: number): Promise<IndexPage> => {
    if (probed.has(page)) {
      const kept = probed.get(page)!;
      probed.delete(page);
      return kept;
    }
    return metadata.remote(() => metadata.client.getShowIndexPage(page));
  };
  const pageExists = async (page: number) => {
    const shows = await metadata.remote(() => metadata.client.getShowIndexPage(page));
    probed.set(page, shows);
    return shows !== null;
  };

  /**
   * The index's last page: doubling from `from` until a page is missing, then halving back
   * (about 2 log2(n) calls), so the progress bar has a true end.
   */
  async function lastIndexPage(from = 0): Promise<number> {
    if (!(await pageExists(from))) return from - 1;
    let low = from;
    let high = Math.max(1, from * 2);
    while (await pageExists(high)) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (await pageExists(mid)) low = mid;
      else high = mid;
    }
    return low;
  }

  /**
   * Reads TVmaze's show index from the saved cursor on: each page's shows are upserted by
   * TVmaze id in one transaction, then the cursor moves past it, so a killed run loses at
   * most the page it was on. At the end the cursor stays on the last page, so a later run
   * picks up shows TVmaze added since. `restart` starts again from page 0.
   */
  async function syncIndex(
    opts: {
      restart?: boolean;
      signal?: AbortSignal;
      onProgress?: (progress: IndexProgress) => void;
    } = {},
  ): Promise<IndexSyncResult> {
    const startedAt = opts.restart ? 0 : await readCursor();
    const result: IndexSyncResult = {
      startedAt,
      page: startedAt,
      lastPage: startedAt,
      added: 0,
      updated: 0,
      done: false,
      offline: false,
    };
    try {
      result.lastPage = await lastIndexPage(startedAt);
      opts.onProgress?.(result);
      for (let page = startedAt; page <= result.lastPage; page++) {
        if (opts.signal?.aborted) return result;
        const shows = await readPage(page);
        if (shows === null) break;
        const written = await metadata.addShows(shows);
        result.added += written.added.length;
        result.updated += written.changed.length - written.added.length;
        result.page = page + 1;
        await writeCursor(page < result.lastPage ? page + 1 : page);
        opts.onProgress?.(result);
      }
      result.done = true;
    } catch (err) {
      if (!(err instanceof MetadataUnavailableError)) throw err;
      metadata.noteFailure(err, {});
      result.offline = true;
    } finally {
      probed.clear();
    }
    return result;
  }

  /**
   * TVmaze's updates feed of the last day (or week, month): every show of ours that TVmaze
   * changed after we last synced it is queued for a refresh (record and episodes), the most
   * watched first, at most `maxRefreshes` per run (the rest on the next). Shows nobody has
   * opened since they were imported are refreshed too: that is what corrects the snapshot's
   * statuses and air dates over time.
   */
  async function applyUpdates(since: 'day' | 'week' | 'month' = 'day'): Promise<UpdatesResult> {
    const result: UpdatesResult = { reported: 0, stale: 0, queued: 0, offline: false };
    let updates: Record<string, number>;
    try {
      updates = await metadata.remote(() => metadata.client.getUpdates(since));
    } catch (err) {
      if (!(err instanceof MetadataUnavailableError)) throw err;
      metadata.noteFailure(err, {});
      return { ...result, offline: true };
    }
    const changed = new Map<number, string>();
    for (const [id, at] of Object.entries(updates)) {
      const tvmazeId = Number(id);
      if (Number.isInteger(tvmazeId) && Number.isFinite(at))
        changed.set(tvmazeId, new Date(at * 1000).toISOString());
    }
    result.reported = changed.size;
    const ids = [...changed.keys()];
    const stale: { id: number; changedAt: string; users: number }[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await repo.syncStamps(ids.slice(i, i + 500));
      for (const row of rows) {
        const changedAt = changed.get(row.tvmaze_id!)!;
        if (!row.metadata_synced_at || row.metadata_synced_at < changedAt)
          stale.push({ id: row.id, changedAt, users: row.total_users });
      }
    }
    result.stale = stale.length;
    stale.sort((a, b) => b.users - a.users || a.id - b.id);
    for (const show of stale.slice(0, maxRefreshes)) {
      await metadata.queueRefresh(show.id, show.changedAt);
      result.queued++;
    }
    log.info({ ...result, since }, 'TVmaze updates applied');
    return result;
  }

  if (options.jobs) {
    options.jobs.define<Record<string, never>, UpdatesResult>(APPLY_UPDATES_JOB, () =>
      applyUpdates('day'),
    );
    // One server runs it: schedules are claimed in the database (ADR 050).
    if (options.schedule) options.jobs.schedule(APPLY_UPDATES_JOB, DAY_SECONDS);
  }

  return { syncIndex, lastIndexPage, applyUpdates, readCursor };
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
