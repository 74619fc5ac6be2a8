import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-discovery';
import * as m0003 from './migrations/0003-tracking';
import * as m0004 from './migrations/0004-data-safety';
import * as m0005 from './migrations/0005-jobs';
import * as m0006 from './migrations/0006-reviews';
import * as m0007 from './migrations/0007-lists';
import * as m0008 from './migrations/0008-account';
import * as m0009 from './migrations/0009-people';
import * as m0010 from './migrations/0010-imports';
import * as m0011 from './migrations/0011-review-search-vector';
import * as m0012 from './migrations/0012-catalog-sync-state';
import * as m0013 from './migrations/0013-plays';
import * as m0014 from './migrations/0014-import-held-counts';
import * as m0015 from './migrations/0015-moderation';
import * as m0017 from './migrations/0017-calendar-alerts';
import * as m0018 from './migrations/0018-api-tokens-and-scrobbling';
import * as m0019 from './migrations/0019-idempotency-keys';
import * as m0020 from './migrations/0020-import-checkpoint';
import * as m0021 from './migrations/0021-pending-registrations';
import * as m0022 from './migrations/0022-trakt-api';
import * as m0023 from './migrations/0023-season-ratings-and-sync-activity';
import * as m0025 from './migrations/0025-two-factor';
import * as m0028 from './migrations/0028-trakt-checkins';
import * as m0031 from './migrations/0031-spoiler-protection';
import * as m0026 from './migrations/0026-single-sign-on';
import * as m0029 from './migrations/0029-sso-reauthentication';
import * as m0030 from './migrations/0030-season-rating-averages';
import * as m0032 from './migrations/0032-where-to-watch';
import * as m0033 from './migrations/0033-recommendations';
import * as m0034 from './migrations/0034-member-language';

/*
 * Migrations are imported statically (no directory scan) so they work the same under tsx,
 * Vitest and a bundler. Each takes the dialect, for the few places where SQL differs.
 */
const all = {
  '0001-initial': m0001,
  '0002-discovery': m0002,
  '0003-tracking': m0003,
  '0004-data-safety': m0004,
  '0005-jobs': m0005,
  '0006-reviews': m0006,
  '0007-lists': m0007,
  '0008-account': m0008,
  '0009-people': m0009,
  '0010-imports': m0010,
  '0011-review-search-vector': m0011,
  '0012-catalog-sync-state': m0012,
  '0013-plays': m0013,
  '0014-import-held-counts': m0014,
  '0015-moderation': m0015,
  '0017-calendar-alerts': m0017,
  '0018-api-tokens-and-scrobbling': m0018,
  '0019-idempotency-keys': m0019,
  '0020-import-checkpoint': m0020,
  '0021-pending-registrations': m0021,
  '0022-trakt-api': m0022,
  '0023-season-ratings-and-sync-activity': m0023,
  '0025-two-factor': m0025,
  '0028-trakt-checkins': m0028,
  '0026-single-sign-on': m0026,
  '0029-sso-reauthentication': m0029,
  '0030-season-rating-averages': m0030,
  '0032-where-to-watch': m0032,
  '0033-recommendations': m0033,
  '0031-spoiler-protection': m0031,
  '0034-member-language': m0034,
};
export type MigrationName = keyof typeof all;

class StaticProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(all)) {
      out[name] = { up: (k) => mod.up(k, this.db.dialect) };
    }
    return out;
  }
}

function migrator(db: Db) {
  return new Migrator({
    db: db.kysely,
    provider: new StaticProvider(db),
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

function applied({ error, results }: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
}

/** Up to and including `name` (tests of a migration start from the schema before it). */
export async function migrateTo(db: Db, name: MigrationName): Promise<string[]> {
  return applied(await migrator(db).migrateTo(name));
}

/** Migrations this code knows that the database has not run yet (readiness, issue 20). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const infos = await migrator(db).getMigrations();
  return infos.filter((m) => !m.executedAt).map((m) => m.name);
}
