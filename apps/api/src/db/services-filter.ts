import { sql, type RawBuilder } from 'kysely';
import type { ServicesFilter } from '@series-tracker/contracts';

/** Offer kinds that count as "on my services": watchable without paying per show. */
const STREAMING_KINDS = ['flatrate', 'free', 'ads'];

/**
 * "On my services" (ADR 182) as one SQL condition on a show id column (`shows.id`,
 * `user_content_status.show_id`, …), the same on SQLite and PostgreSQL: the show is offered by
 * one of the services in the country (TMDB's cached providers: subscription, free or with ads),
 * or its network or web channel bears one of their names (always, so the filter works without
 * TMDB and for shows TMDB has nothing on). Names compare case-insensitively.
 */
export function onServices(showIdColumn: string, filter: ServicesFilter): RawBuilder<boolean> {
  const names = sql.join(filter.names.map((n) => n.toLowerCase()));
  const show = sql.ref(showIdColumn);
  const byProvider = filter.country
    ? sql`exists (select 1 from watch_providers wp where wp.show_id = ${show}
        and wp.country = ${filter.country}
        and wp.kind in (${sql.join(STREAMING_KINDS)})
        and lower(wp.provider_name) in (${names}))`
    : sql`1 = 0`;
  return sql<boolean>`(${byProvider} or exists (select 1 from shows ws where ws.id = ${show}
    and (lower(ws.network_name) in (${names}) or lower(ws.streaming_service) in (${names}))))`;
}
