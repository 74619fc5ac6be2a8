import type { Transaction } from 'kysely';
import type { Database, NewEpisode, ShowRow } from '../../db/types';
import { catalogueRows } from '../../db/catalogue-rows';
import { catalogEpisodeRow, catalogHash, catalogShowRow } from '../catalog/catalog.rows';
import type { CatalogShow } from '../catalog/catalog.schema';
import { createMetadataRepository } from './metadata.repository';
import { mapShow, mergeShowRow, type TvmazeShow } from './tvmaze.mapper';

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export const counts = (): Counts => ({ inserted: 0, updated: 0, unchanged: 0 });

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Upserts episodes whose content hash changed, matched by TVmaze id (so a renumbered episode
 * keeps its row, and the watch history on it); any of them that was retired is live again.
 * Returns what happened to each.
 */
export async function writeEpisodes(
  trx: Transaction<Database>,
  showId: number,
  episodes: CatalogShow['episodes'],
  stamp: string,
): Promise<Counts & { restored: number }> {
  const result = { ...counts(), restored: 0 };
  const repo = createMetadataRepository(trx);
  const existing = await repo.episodeHashes(episodes.map((e) => e.id));
  const rows: NewEpisode[] = [];
  for (const ep of episodes) {
    const hash = catalogHash(ep);
    const previous = existing.get(ep.id);
    if (previous === hash) {
      result.unchanged++;
      continue;
    }
    if (previous) result.updated++;
    else result.inserted++;
    rows.push(catalogEpisodeRow(ep, showId, hash, stamp));
  }
  const catalog = catalogueRows(trx);
  for (const group of chunks(rows, 200)) await catalog.upsertEpisodes(group);
  result.restored = await repo.restoreEpisodes(
    episodes.map((e) => e.id),
    stamp,
  );
  return result;
}

/**
 * Writes one TVmaze show record: updates the row we have (merging, keeping its id) or inserts
 * a new one (an upsert on the source id, so two servers adding the same show at once make one
 * row). Returns the row id and whether the record changed.
 */
export async function writeShow(
  trx: Transaction<Database>,
  record: CatalogShow,
  existing: ShowRow | undefined,
  stamp: string,
): Promise<{ id: number; changed: boolean }> {
  const { episodes: _episodes, ...fields } = record;
  const hash = catalogHash(fields);
  const catalog = catalogueRows(trx);
  const row = catalogShowRow(fields, hash, stamp);
  let id: number;
  if (existing) {
    id = existing.id;
    if (existing.source_hash === hash) return { id, changed: false };
    await createMetadataRepository(trx).updateShow(
      id,
      mergeShowRow(existing, row, { partial: !record.episodesComplete }),
    );
  } else {
    id = (await catalog.upsertShows([row])).get(row.source_id)!;
  }
  const genreIds = await catalog.ensureGenres(record.genres);
  await catalog.replaceShowGenres(
    [id],
    record.genres.map((g) => ({ show_id: id, genre_id: genreIds.get(g)! })),
  );
  return { id, changed: true };
}

export interface AddedShows {
  /** Catalogue show id of every record, by TVmaze id. */
  ids: Map<number, number>;
  /** Show ids that were not in the catalogue before. */
  added: number[];
  /** Show ids whose record changed (added ones included). */
  changed: number[];
}

/**
 * TVmaze show records without their episodes (search answers, id lookups, the show index) into
 * the catalogue, in the caller's transaction. A show we have keeps its row: found by TVmaze id,
 * else by its TheTVDB or IMDb id (a row from another source, which then links the TVmaze id),
 * so nothing is ever duplicated. Its record is merged as a schedule entry would be: the
 * episode-list figures stay until a full refresh brings the list.
 */
export async function upsertTvmazeShows(
  trx: Transaction<Database>,
  shows: TvmazeShow[],
  asOf: string,
  stamp: string,
): Promise<AddedShows> {
  const out: AddedShows = { ids: new Map(), added: [], changed: [] };
  const unique = [...new Map(shows.map((s) => [s.id, s])).values()];
  if (!unique.length) return out;
  const repo = createMetadataRepository(trx);
  const byTvmaze = await repo.findShowsByTvmazeIds(unique.map((s) => s.id));
  const missing = unique.filter((s) => !byTvmaze.has(s.id));
  const byExternal = await repo.findUnlinkedShowsByExternalIds({
    tvdb: missing.map((s) => s.externals?.thetvdb).filter((x): x is number => !!x),
    imdb: missing.map((s) => s.externals?.imdb).filter((x): x is string => !!x),
  });
  for (const show of unique) {
    let existing = byTvmaze.get(show.id);
    if (!existing) {
      const linked =
        (show.externals?.thetvdb && byExternal.tvdb.get(show.externals.thetvdb)) ||
        (show.externals?.imdb && byExternal.imdb.get(show.externals.imdb)) ||
        undefined;
      if (linked && linked.tvmaze_id === null) {
        await repo.updateShow(linked.id, { tvmaze_id: show.id });
        existing = { ...linked, tvmaze_id: show.id };
      }
    }
    const record = mapShow(show, { asOf, episodes: [], complete: false });
    const written = await writeShow(trx, record, existing, stamp);
    out.ids.set(show.id, written.id);
    if (!existing) out.added.push(written.id);
    if (written.changed) out.changed.push(written.id);
  }
  return out;
}
