import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../../db/connection';
import type { NewEpisode, NewShow } from '../../db/types';
import { nowIso } from '../../lib/time';
import { createUnitOfWork } from '../../platform/unit-of-work';
import { refreshDerivedShowData } from '../search/search-index';
import { normalizeCatalogShow } from './catalog.normalize';
import { createCatalogRepository } from './catalog.repository';
import { catalogEpisodeRow, catalogHash, catalogShowRow } from './catalog.rows';
import { catalogFileSchema, type CatalogFile, type CatalogShow } from './catalog.schema';

export interface ImportResult {
  shows: { total: number; inserted: number; updated: number; unchanged: number };
  episodes: { total: number; inserted: number; updated: number; unchanged: number };
  genres: number;
  ms: number;
  /** Shows whose rows were written (details or episodes), and of them the new ones. */
  showIds: number[];
  addedIds: number[];
}

export interface ImportOptions {
  /** Called as work advances: `done` of `total` shows handled. */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
}

interface Logger {
  info(obj: object, msg?: string): void;
}

/** Reads and checks a catalogue file (`.json` or `.json.gz`). Throws with the first problem found. */
export function readCatalogFile(file: string): CatalogFile {
  const raw = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const parsed = catalogFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file} is not a valid catalogue: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Upserts a catalogue by source id, in one transaction. A record whose content hash is unchanged
 * is not written at all, so re-running the same file changes nothing; a newer snapshot updates
 * rows in place and keeps their ids (and so everything users attached to them).
 */
export async function importCatalog(
  db: Db,
  catalog: CatalogFile,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const batch = options.batchSize ?? 400;
  const now = nowIso();
  const total = catalog.shows.length;
  const fresh = (): ImportResult => ({
    shows: { total, inserted: 0, updated: 0, unchanged: 0 },
    episodes: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
    genres: 0,
    ms: 0,
    showIds: [],
    addedIds: [],
  });
  let result = fresh();

  await createUnitOfWork(db).run(async (trx) => {
    // A run again after a lost connection (ADR 141) counts from zero.
    result = fresh();
    const repo = createCatalogRepository(trx);
    const existingShows = await repo.showHashes();
    const existingEpisodes = await repo.episodeHashes();
    const genreIds = await repo.ensureGenres([...new Set(catalog.shows.flatMap((s) => s.genres))]);
    result.genres = genreIds.size;

    let done = 0;
    // Stored as the catalogue keeps them (ADR 120): honest statuses, one display-title rule.
    const today = now.slice(0, 10);
    const shows = catalog.shows.map((show) => normalizeCatalogShow(show, today));
    for (const group of chunks(shows, batch)) {
      const changed: { show: CatalogShow; row: NewShow }[] = [];
      const showIds = new Map<string, number>();
      for (const show of group) {
        const { episodes: _episodes, ...record } = show;
        const hash = catalogHash(record);
        const existing = existingShows.get(show.id);
        if (existing) showIds.set(show.id, existing.id);
        if (existing?.hash === hash) {
          result.shows.unchanged++;
          continue;
        }
        if (existing) result.shows.updated++;
        else result.shows.inserted++;
        changed.push({ show, row: catalogShowRow(show, hash, now) });
      }

      const written = await repo.upsertShows(changed.map((c) => c.row));
      for (const [sourceId, id] of written) {
        if (!showIds.has(sourceId)) result.addedIds.push(id);
        showIds.set(sourceId, id);
      }
      const changedIds = changed.map((c) => showIds.get(c.show.id)!);
      await repo.replaceShowGenres(
        changedIds,
        changed.flatMap((c) =>
          [...new Set(c.show.genres)].map((g) => ({
            show_id: showIds.get(c.show.id)!,
            genre_id: genreIds.get(g)!,
          })),
        ),
      );
      await repo.replaceShowTitles(
        changedIds,
        changed.flatMap((c) =>
          [...new Set(c.show.titleAlternatives)]
            .filter((t) => t !== c.show.title)
            .map((title) => ({ show_id: showIds.get(c.show.id)!, title })),
        ),
      );

      const episodeRows: NewEpisode[] = [];
      const touchedShows = new Set<number>();
      for (const show of group) {
        const showId = showIds.get(show.id)!;
        for (const ep of show.episodes) {
          result.episodes.total++;
          const hash = catalogHash(ep);
          const previous = existingEpisodes.get(ep.id);
          if (previous === hash) {
            result.episodes.unchanged++;
            continue;
          }
          if (previous) result.episodes.updated++;
          else result.episodes.inserted++;
          episodeRows.push(catalogEpisodeRow(ep, showId, hash, now));
          touchedShows.add(showId);
        }
      }
      await refreshDerivedShowData(trx, changedIds);
      for (const rows of chunks(episodeRows, batch)) await repo.upsertEpisodes(rows);
      await repo.rebuildSeasons([...touchedShows], now);
      // A changed record brings the catalogue's count back; the stored episodes decide it.
      const writtenIds = [...new Set([...changedIds, ...touchedShows])];
      await repo.syncShowCounts(writtenIds);
      result.showIds.push(...writtenIds);

      done += group.length;
      options.onProgress?.(done, total);
    }
  });

  result.ms = Math.round(performance.now() - started);
  return result;
}

/** First start: fill an empty catalogue from the bundled snapshot. Returns null when not needed. */
export async function importCatalogIfEmpty(
  db: Db,
  file: string,
  log: Logger,
): Promise<ImportResult | null> {
  const count = await createCatalogRepository(db.kysely).countShows();
  if (count > 0) return null;
  if (!fs.existsSync(file)) {
    log.info({ file }, 'no catalogue file; starting with an empty catalogue');
    return null;
  }
  log.info({ file }, 'empty catalogue: importing the bundled snapshot');
  return importCatalog(db, readCatalogFile(file));
}
