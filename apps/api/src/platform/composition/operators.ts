import type { AppConfig } from '../../config';
import type { Db } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { underStartupLock } from '../../db/startup';
import {
  importCatalog,
  importCatalogIfEmpty,
  type ImportOptions,
  type ImportResult,
} from '../../features/catalog/catalog.importer';
import type { CatalogFile } from '../../features/catalog/catalog.schema';
import { createJobsService } from '../../features/jobs/jobs.service';
import { seedDemoTastes, type DemoTasteOptions } from '../../features/recommendations/demo-tastes';
import { seedDemoReviews, type DemoReviewOptions } from '../../features/reviews/demo-data';
import { indexMissingShows } from '../../features/search/search-index';
import type { Logger } from '../logger';
import type { Infrastructure } from './infrastructure';

/** Operators' tools (CLIs, bench, admin): the catalogue snapshot import, demo data, jobs. */
export function wireOperators({ db, events, jobs }: Infrastructure) {
  const catalog = {
    /**
     * A snapshot upserted from a CLI: `catalog.refreshed` follows the commit like a sync's, so
     * held imported watches of these shows are attached and caches and rankings follow.
     */
    async import(file: CatalogFile, options?: ImportOptions) {
      const result = await importCatalog(db, file, options);
      const added = new Set(result.addedIds);
      for (let i = 0; i < result.showIds.length; i += 1000) {
        const showIds = result.showIds.slice(i, i + 1000);
        const fresh = showIds.filter((id) => added.has(id));
        await events.emit('catalog.refreshed', {
          showIds,
          source: 'import',
          ...(fresh.length ? { added: fresh } : {}),
        });
      }
      return result;
    },
  };
  const demoData = {
    seedReviews: (options: DemoReviewOptions) => seedDemoReviews(db, options),
    /** Members whose tastes cluster by genre, tracking and scoring shows (ADR 183). */
    seedTastes: (options: DemoTasteOptions) => seedDemoTastes(db, options),
  };
  const jobsService = createJobsService({ jobs });
  return { catalog, demoData, jobsService };
}

/** What `prepareDatabase` did, for the server's log. */
export interface Prepared {
  migrated: string[];
  imported: ImportResult | null;
  indexed: number;
}

/**
 * What a server does to its database before it serves (issue 20): migrations, the first-start
 * catalogue import, the search index of shows imported before it existed; once across servers
 * (db/startup.ts holds the lock, this names the work, so db/ knows no feature).
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<AppConfig, 'catalogAutoImport' | 'catalogFile'>,
  log: Pick<Logger, 'info'>,
): Promise<Prepared> {
  return underStartupLock(db, async () => {
    const migrated = await migrateToLatest(db);
    const imported = config.catalogAutoImport
      ? await importCatalogIfEmpty(db, config.catalogFile, log)
      : null;
    const indexed = await indexMissingShows(db.kysely);
    return { migrated, imported, indexed };
  });
}
