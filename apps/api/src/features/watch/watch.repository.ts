import { sql, type Kysely } from 'kysely';
import { rowWhere } from '../../db/rows';
import type { Database } from '../../db/types';
import type { Executor, Tx } from '../../platform/unit-of-work';

export interface ProviderRow {
  country: string;
  kind: string;
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: number;
  link: string | null;
}

/** The only SQL of where-to-watch (ADR 182); the filter's fragment is db/services-filter.ts. */
export function createWatchRepository(db: Kysely<Database>) {
  return {
    /** What the show page's channel line and the TMDB lookup need of a show. */
    show(id: number) {
      return db
        .selectFrom('shows')
        .select([
          'id',
          'tmdb_id',
          'tvdb_id',
          'imdb_id',
          'network_name',
          'network_country',
          'streaming_service',
          'country',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    lookup: (showId: number) => rowWhere(db, 'watch_provider_lookups', { show_id: showId }),

    providers(showId: number): Promise<ProviderRow[]> {
      return db
        .selectFrom('watch_providers')
        .select([
          'country',
          'kind',
          'provider_id',
          'provider_name',
          'logo_path',
          'display_priority',
          'link',
        ])
        .where('show_id', '=', showId)
        .orderBy('display_priority')
        .orderBy('provider_name')
        .execute();
    },

    /** A refresh's answer replaces what was known of the show, in one transaction. */
    async saveProviders(
      trx: Tx,
      showId: number,
      tmdbId: number | null,
      rows: ProviderRow[],
      now: string,
    ) {
      await trx.deleteFrom('watch_providers').where('show_id', '=', showId).execute();
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('watch_providers')
          .values(rows.slice(i, i + 200).map((r) => ({ ...r, show_id: showId })))
          .execute();
      }
      await trx
        .insertInto('watch_provider_lookups')
        .values({ show_id: showId, tmdb_id: tmdbId, fetched_at: now })
        .onConflict((oc) => oc.column('show_id').doUpdateSet({ tmdb_id: tmdbId, fetched_at: now }))
        .execute();
    },

    /** Shows whose providers were read before `before`, oldest first. */
    async staleShowIds(before: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('watch_provider_lookups')
        .select('show_id')
        .where('fetched_at', '<', before)
        .orderBy('fetched_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.show_id);
    },

    settings(userId: number) {
      return db
        .selectFrom('member_watch_settings')
        .select(['country', 'services'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async saveSettings(
      ex: Executor,
      userId: number,
      country: string | null,
      services: string[],
      now: string,
    ) {
      const values = { country, services: JSON.stringify(services), updated_at: now };
      await ex
        .insertInto('member_watch_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Providers TMDB lists in a country (streaming kinds), most offered first. */
    providerNames(country: string) {
      return db
        .selectFrom('watch_providers')
        .select([
          'provider_name as name',
          (eb) => eb.fn.min('logo_path').as('logo_path'),
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('country', '=', country)
        .where('kind', 'in', ['flatrate', 'free', 'ads'])
        .groupBy('provider_name')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('provider_name')
        .limit(150)
        .execute();
    },

    /**
     * Networks and web channels of the catalogue: web channels everywhere (they stream
     * across borders), networks of the country (all of them when none is given).
     */
    async channelNames(country: string | null): Promise<string[]> {
      const web = await db
        .selectFrom('shows')
        .select(['streaming_service as name', (eb) => eb.fn.countAll<number>().as('n')])
        .where('streaming_service', 'is not', null)
        .groupBy('streaming_service')
        .orderBy(sql`count(*)`, 'desc')
        .limit(60)
        .execute();
      let networks = db
        .selectFrom('shows')
        .select(['network_name as name', (eb) => eb.fn.countAll<number>().as('n')])
        .where('network_name', 'is not', null);
      if (country) networks = networks.where('network_country', '=', country);
      const nets = await networks
        .groupBy('network_name')
        .orderBy(sql`count(*)`, 'desc')
        .limit(60)
        .execute();
      return [...web, ...nets]
        .sort((a, b) => Number(b.n) - Number(a.n) || a.name!.localeCompare(b.name!))
        .map((r) => r.name!);
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
