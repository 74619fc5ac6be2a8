import type { Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/types';
import type { Jobs } from '../../platform/jobs/jobs';
import type { EventBus } from '../../platform/events';
import { createUnitOfWork, type UnitOfWork } from '../../platform/unit-of-work';
import { catalogueRows } from '../../db/catalogue-rows';
import { createMetadataRepository } from './metadata.repository';
import {
  counts,
  upsertTvmazeShows,
  writeEpisodes,
  writeShow,
  type Counts,
} from './metadata.writer';
import { createTvmazeClient, MetadataUnavailableError, type TvmazeClient } from './tvmaze.client';
import { mapShow, type TvmazeEpisode, type TvmazeShow } from './tvmaze.mapper';
import { silentLogger, type Logger } from '../../platform/logger';
import type { AddedShows } from './metadata.writer';

const DAY_MS = 86_400_000;

/** The background job that refreshes one show from TVmaze (payload `{ showId }`). */
export const REFRESH_SHOW_JOB = 'catalog.refresh-show';

const silent: Logger = silentLogger;

export interface MetadataServiceOptions {
  db: Db;
  /** The one way to a transaction (ADR 141); one on `db` when not given (tests). */
  uow?: UnitOfWork;
  config: Pick<AppConfig, 'tvmazeBaseUrl' | 'metadataSync'>;
  /** Defaults to a client on config.tvmazeBaseUrl. */
  client?: TvmazeClient;
  log?: Logger;
  now?: () => Date;
  /** A show synced longer ago than this is refreshed again (24 h). */
  staleAfterMs?: number;
  /** After TVmaze was found unreachable, background refreshes wait this long before trying again. */
  offlineRetryMs?: number;
  /** Countries whose broadcast schedule syncSchedule reads (ISO alpha-2); web schedule is global. */
  scheduleCountries?: string[];
  /**
   * Where background refreshes run (`catalog.refresh-show`, one live job per show across every
   * app server). Without it, refreshShowInBackground does nothing (CLIs).
   */
  jobs?: Jobs;
  /**
   * Runs inside the write transaction with the shows whose record or episodes changed (episodes
   * added, updated, retired or restored): the search index, and every watcher's progress and
   * next episode, follow.
   */
  onShowsChanged?: (trx: Transaction<Database>, showIds: number[]) => Promise<void>;
  /** Told `catalog.refreshed` after a write commits (caches, search, watchers' progress). */
  events?: EventBus;
}

export type { Counts };

/** refreshShowInBackground looks at one show at most this often, per process. */
const LOOK_AGAIN_MS = 60 * 60_000;
const LOOKED_AT_MAX = 20_000;

export interface RefreshResult {
  showId: number;
  tvmazeId: number;
  /** False when TVmaze no longer knows the id (nothing was changed but the sync stamp). */
  found: boolean;
  showChanged: boolean;
  /**
   * `retired`: episodes TVmaze stopped listing, kept but hidden (never deleted: watch history
   * points at them); `restored`: retired episodes TVmaze lists again.
   */
  episodes: Counts & { retired: number; restored: number };
}

export interface ScheduleResult {
  date: string;
  shows: Counts;
  episodes: Counts;
}

export interface SyncStaleResult {
  /** True when TVmaze was unreachable; the run stopped there and changed nothing more. */
  offline: boolean;
  refreshed: number;
  failed: number;
  schedule: ScheduleResult | null;
}

/** Promise.all that lets every call settle before failing, so no request outlives its caller. */
async function settleAll<T>(calls: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

export function createMetadataService(options: MetadataServiceOptions) {
  const { db, config } = options;
  const client = options.client ?? createTvmazeClient({ baseUrl: config.tvmazeBaseUrl });
  const log = options.log ?? silent;
  const uow = options.uow ?? createUnitOfWork(db, { log });
  const now = options.now ?? (() => new Date());
  const staleAfterMs = options.staleAfterMs ?? DAY_MS;
  const offlineRetryMs = options.offlineRetryMs ?? 5 * 60_000;
  const countries = options.scheduleCountries ?? ['US'];
  /** Views whose staleness check and enqueue are under way, one per show. */
  const enqueuing = new Map<number, Promise<void>>();
  /** When refreshShowInBackground last looked at a show (bounded; cleared when full). */
  const lookedAt = new Map<number, number>();
  let offlineSince: number | null = null;

  /** One warning per outage, however many calls fail during it; one note when it ends. */
  function noteFailure(err: unknown, context: object) {
    if (err instanceof MetadataUnavailableError) {
      if (offlineSince === null)
        log.warn({ err: err.message }, 'TVmaze unavailable; serving the catalogue as it is');
      offlineSince = now().getTime();
      return;
    }
    log.error({ err, ...context }, 'metadata sync failed');
  }
  function noteSuccess() {
    if (offlineSince !== null) log.info({}, 'TVmaze reachable again');
    offlineSince = null;
  }
  async function remote<T>(call: () => Promise<T>): Promise<T> {
    const value = await call();
    noteSuccess();
    return value;
  }

  const today = () => now().toISOString().slice(0, 10);

  /**
   * Full refresh of one show from TVmaze: show record, every episode (specials too), seasons,
   * genres, completeness, in one transaction. Null when the show is absent or not on TVmaze.
   * Throws MetadataUnavailableError when TVmaze cannot be reached (nothing is written then).
   */
  async function refreshShow(showId: number): Promise<RefreshResult | null> {
    const show = await createMetadataRepository(db.kysely).findShow(showId);
    if (!show || show.tvmaze_id === null) return null;
    const tvmazeId = show.tvmaze_id;
    const [remoteShow, remoteEpisodes] = await remote(async () => {
      // Both settle before either failure surfaces, so no request outlives this call.
      const [showCall, episodesCall] = await Promise.allSettled([
        client.getShow(tvmazeId),
        client.getEpisodes(tvmazeId),
      ]);
      if (showCall.status === 'rejected') throw showCall.reason;
      if (episodesCall.status === 'rejected') throw episodesCall.reason;
      return [showCall.value, episodesCall.value] as const;
    });
    const stamp = now().toISOString();
    const result: RefreshResult = {
      showId,
      tvmazeId,
      found: remoteShow !== null && remoteEpisodes !== null,
      showChanged: false,
      episodes: { ...counts(), retired: 0, restored: 0 },
    };
    await uow.run(async (trx) => {
      const repo = createMetadataRepository(trx);
      if (!remoteShow || !remoteEpisodes) {
        // Deleted or merged upstream: remember we looked, so views do not ask again for a day.
        await repo.markSynced(showId, stamp);
        return;
      }
      const record = mapShow(remoteShow, {
        asOf: today(),
        episodes: remoteEpisodes,
        complete: true,
      });
      const current = (await repo.findShow(showId))!;
      const written = await writeShow(trx, record, current, stamp);
      result.showChanged = written.changed;
      await repo.markSynced(showId, stamp);
      const episodes = result.episodes;
      Object.assign(episodes, await writeEpisodes(trx, showId, record.episodes, stamp));
      episodes.retired = await repo.retireTvmazeEpisodesExcept(
        showId,
        record.episodes.map((e) => e.id),
        stamp,
      );
      const catalog = catalogueRows(trx);
      await catalog.rebuildSeasons([showId], stamp);
      await repo.deleteEmptySeasons(showId);
      await catalog.syncShowCounts([showId]);
      const episodesChanged =
        episodes.inserted + episodes.updated + episodes.retired + episodes.restored > 0;
      if (written.changed || episodesChanged) await options.onShowsChanged?.(trx, [showId]);
    });
    const e = result.episodes;
    if (result.showChanged || e.inserted + e.updated + e.retired + e.restored > 0)
      await options.events?.emit('catalog.refreshed', { showIds: [showId], source: 'tvmaze' });
    return result;
  }

  /**
   * Whether a show's TVmaze data should be fetched again: never synced, older than a day, or
   * (`changedAt`, from TVmaze's updates feed) synced before TVmaze last changed it.
   */
  async function isDue(showId: number, changedAt?: string): Promise<boolean> {
    const show = await createMetadataRepository(db.kysely).findShow(showId);
    if (!show || show.tvmaze_id === null) return false;
    if (!show.metadata_synced_at) return true;
    if (changedAt) return show.metadata_synced_at < changedAt;
    return now().getTime() - Date.parse(show.metadata_synced_at) >= staleAfterMs;
  }

  /**
   * For a show someone is looking at: when sync is on, the show is on TVmaze and its data is
   * older than a day, queue a `catalog.refresh-show` job for it. The singleton key makes it one
   * waiting or running job per show, however many views and app servers ask. Never throws and
   * never rejects; a failure to queue is logged. The request that caused it does not wait.
   */
  function refreshShowInBackground(showId: number): void {
    const { jobs } = options;
    if (!jobs || !config.metadataSync || enqueuing.has(showId)) return;
    if (offlineSince !== null && now().getTime() - offlineSince < offlineRetryMs) return;
    // Lists ask for every show they show (ADR 176): a show found fresh is not read again for
    // an hour, since "due" means a day old.
    const seen = lookedAt.get(showId);
    if (seen !== undefined && now().getTime() - seen < LOOK_AGAIN_MS) return;
    const work = (async () => {
      try {
        // Most views are of fresh shows: one read here saves a queue write per view.
        if (await isDue(showId)) {
          await jobs.enqueue(REFRESH_SHOW_JOB, { showId }, { singletonKey: String(showId) });
        } else {
          if (lookedAt.size >= LOOKED_AT_MAX) lookedAt.clear();
          lookedAt.set(showId, now().getTime());
        }
      } catch (err) {
        log.error({ err, showId }, 'could not queue a show refresh');
      } finally {
        enqueuing.delete(showId);
      }
    })();
    enqueuing.set(showId, work);
  }

  options.jobs?.define<{ showId: number; changedAt?: string }, RefreshResult | { skipped: string }>(
    REFRESH_SHOW_JOB,
    async ({ payload, signal }) => {
      const { showId, changedAt } = payload;
      if (!(await isDue(showId, changedAt))) return { skipped: 'fresh' };
      // Nothing is written before this point; a shutdown now leaves the job for the next start.
      signal.throwIfAborted();
      try {
        return (await refreshShow(showId)) ?? { skipped: 'not on TVmaze' };
      } catch (err) {
        noteFailure(err, { showId });
        // Offline: the next view after the pause queues it again; retrying now would only
        // knock on a closed door. Anything else is retried with backoff.
        if (err instanceof MetadataUnavailableError) return { skipped: 'TVmaze unavailable' };
        throw err;
      }
    },
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, concurrency: 2 },
  );

  /** Resolves when no view is still deciding whether to queue a refresh (shutdown). */
  async function flush(): Promise<void> {
    while (enqueuing.size) await Promise.all(enqueuing.values());
  }

  /** Resolves when no background refresh is being queued, waiting or running (tests). */
  async function idle(): Promise<void> {
    await flush();
    await options.jobs?.idle(REFRESH_SHOW_JOB);
  }

  /**
   * One day's broadcast (scheduleCountries) and streaming schedules: inserts shows we did not
   * have, updates the ones we do (matched by TVmaze id), upserts that day's episodes.
   */
  async function syncSchedule(date: string): Promise<ScheduleResult> {
    const lists = await remote(() =>
      settleAll([
        ...countries.map((c) => client.getSchedule(date, c)),
        client.getWebSchedule(date),
      ]),
    );
    const byShow = new Map<number, { show: TvmazeShow; episodes: TvmazeEpisode[] }>();
    for (const ep of lists.flat()) {
      const show = ep.show ?? ep._embedded?.show;
      if (!show) continue;
      const entry = byShow.get(show.id) ?? { show, episodes: [] };
      if (!entry.episodes.some((e) => e.id === ep.id)) entry.episodes.push(ep);
      byShow.set(show.id, entry);
    }
    const result: ScheduleResult = { date, shows: counts(), episodes: counts() };
    const stamp = now().toISOString();
    const asOf = today();
    const written = new Set<number>();
    await uow.run(async (trx) => {
      // A run again after a lost connection (ADR 141) counts from zero.
      Object.assign(result, { shows: counts(), episodes: counts() });
      const repo = createMetadataRepository(trx);
      const existing = await repo.findShowsByTvmazeIds([...byShow.keys()]);
      const changed: number[] = [];
      const touched: number[] = [];
      for (const [tvmazeId, { show, episodes }] of byShow) {
        const record = mapShow(show, { asOf, episodes, complete: false });
        const current = existing.get(tvmazeId);
        const written = await writeShow(trx, record, current, stamp);
        if (!current) result.shows.inserted++;
        else if (written.changed) result.shows.updated++;
        else result.shows.unchanged++;
        if (written.changed) changed.push(written.id);
        const epCounts = await writeEpisodes(trx, written.id, record.episodes, stamp);
        result.episodes.inserted += epCounts.inserted;
        result.episodes.updated += epCounts.updated;
        result.episodes.unchanged += epCounts.unchanged;
        if (epCounts.inserted + epCounts.updated + epCounts.restored) touched.push(written.id);
        if (current?.episodes_complete && epCounts.inserted) {
          // A list that was complete at episodes_as_of no longer is the whole story (same rule
          // as the snapshot build); clearing the stamp makes the next refresh restore it.
          await repo.updateShow(written.id, {
            episodes_complete: 0,
            season_count: null,
            episode_count: null,
            metadata_synced_at: null,
          });
        }
      }
      const catalog = catalogueRows(trx);
      await catalog.rebuildSeasons(touched, stamp);
      const affected = [...new Set([...changed, ...touched])];
      await catalog.syncShowCounts(affected);
      if (affected.length) await options.onShowsChanged?.(trx, affected);
      for (const id of affected) written.add(id);
    });
    if (written.size)
      await options.events?.emit('catalog.refreshed', { showIds: [...written], source: 'tvmaze' });
    return result;
  }

  /**
   * The periodic job: refresh up to `limit` stale TVmaze shows (never synced or older than a
   * day, most recently aired first), then today's schedule. Stops at the first outage.
   */
  async function syncStale(
    opts: { limit?: number; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<SyncStaleResult> {
    const result: SyncStaleResult = { offline: false, refreshed: 0, failed: 0, schedule: null };
    const ids = await createMetadataRepository(db.kysely).staleShowIds({
      cutoff: new Date(now().getTime() - staleAfterMs).toISOString(),
      today: today(),
      limit: opts.limit ?? 50,
    });
    const total = ids.length + 1;
    let done = 0;
    try {
      for (const id of ids) {
        try {
          await refreshShow(id);
          result.refreshed++;
        } catch (err) {
          if (err instanceof MetadataUnavailableError) throw err;
          result.failed++;
          noteFailure(err, { showId: id });
        }
        opts.onProgress?.(++done, total);
      }
      result.schedule = await syncSchedule(today());
      opts.onProgress?.(++done, total);
    } catch (err) {
      if (!(err instanceof MetadataUnavailableError)) throw err;
      noteFailure(err, {});
      result.offline = true;
    }
    return result;
  }

  /**
   * TVmaze show records (a search answer, an id lookup, a page of the show index) into the
   * catalogue in one transaction: new shows are inserted, known ones merged (never duplicated,
   * see upsertTvmazeShows). The search index follows inside the transaction; `catalog.refreshed`
   * (with `added`) after it commits. `fetchEpisodes`: the new shows among these TVmaze ids get a
   * `catalog.refresh-show` job for their full episode list.
   */
  async function addShows(
    remoteShows: TvmazeShow[],
    opts: { fetchEpisodes?: number[] } = {},
  ): Promise<AddedShows> {
    const stamp = now().toISOString();
    const result = await uow.run(async (trx) => {
      const written = await upsertTvmazeShows(trx, remoteShows, today(), stamp);
      if (written.changed.length) await options.onShowsChanged?.(trx, written.changed);
      return written;
    });
    if (result.changed.length)
      await options.events?.emit('catalog.refreshed', {
        showIds: result.changed,
        source: 'tvmaze',
        ...(result.added.length ? { added: result.added } : {}),
      });
    const added = new Set(result.added);
    for (const tvmazeId of opts.fetchEpisodes ?? []) {
      const showId = result.ids.get(tvmazeId);
      if (showId !== undefined && added.has(showId)) await queueRefresh(showId);
    }
    return result;
  }

  /**
   * Queues the full episode list of a show (one live job per show); never throws.
   * `changedAt`: TVmaze changed it then (updates feed), so a sync older than that is stale.
   */
  async function queueRefresh(showId: number, changedAt?: string): Promise<void> {
    await options.jobs
      ?.enqueue(REFRESH_SHOW_JOB, changedAt ? { showId, changedAt } : { showId }, {
        singletonKey: String(showId),
      })
      .catch((err: unknown) => log.error({ err, showId }, 'could not queue a show refresh'));
  }

  /**
   * A show missing from the catalogue, found on TVmaze by its TheTVDB or IMDb id (imports):
   * its record is added now and its episodes are fetched by a `catalog.refresh-show` job.
   * Null when sync is off, TVmaze does not know it, or TVmaze is unreachable.
   */
  async function lookupShow(ids: { tvdb?: number; imdb?: string }): Promise<number | null> {
    if (!config.metadataSync || (!ids.tvdb && !ids.imdb)) return null;
    let found: TvmazeShow | null = null;
    try {
      found = await remote(async () => {
        const byTvdb = ids.tvdb ? await client.lookupShow({ thetvdb: ids.tvdb }) : null;
        return byTvdb ?? (ids.imdb ? await client.lookupShow({ imdb: ids.imdb }) : null);
      });
    } catch (err) {
      noteFailure(err, { ids });
      return null;
    }
    if (!found) return null;
    const written = await addShows([found], { fetchEpisodes: [found.id] });
    return written.ids.get(found.id) ?? null;
  }

  /** When TVmaze was last found unreachable (ms), while that is within offlineRetryMs. */
  function offlineAt(): number | null {
    if (offlineSince === null || now().getTime() - offlineSince >= offlineRetryMs) return null;
    return offlineSince;
  }

  return {
    client,
    remote,
    noteFailure,
    offlineAt,
    addShows,
    queueRefresh,
    refreshShow,
    refreshShowInBackground,
    flush,
    idle,
    syncSchedule,
    syncStale,
    lookupShow,
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;
