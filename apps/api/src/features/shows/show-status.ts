import { sql, type RawBuilder } from 'kysely';

/**
 * The status a show is shown with (ADR 035). The catalogue keeps the source's status
 * (TVmaze 'Running' → 'airing'), but TVmaze leaves long-dormant shows 'Running' for years.
 * So a show counts as airing only with evidence of life: an episode that aired in the last
 * 18 months or is scheduled (any listed episode dated on or after the cutoff; retired ones,
 * which the source no longer lists, do not count), or a premiere or
 * last air date on or after the cutoff. An 'airing' show without any is shown as 'tbd'
 * (whether it comes back is to be announced). Every other status is shown as stored.
 *
 * One SQL expression serves both the value the API returns and the status filter, so a
 * show listed under "Airing" always carries the Airing badge.
 */
export const AIRING_QUIET_MONTHS = 18;

/** The first day that still counts as "recent" for `today` (YYYY-MM-DD, UTC). */
export function airingCutoff(today: Date = new Date()): string {
  const cutoff = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - AIRING_QUIET_MONTHS, today.getUTCDate()),
  );
  return cutoff.toISOString().slice(0, 10);
}

/** The shown status of the show row under `alias` ('shows', or 's' where it is aliased). */
export function shownStatus(alias: 'shows' | 's', cutoff = airingCutoff()): RawBuilder<string> {
  const t = sql.table(alias);
  return sql<string>`case when ${t}.status = 'airing' and not (
      exists (select 1 from episodes as recent_ep
              where recent_ep.show_id = ${t}.id and recent_ep.air_date >= ${cutoff}
                and recent_ep.retired_at is null)
      or coalesce(${t}.last_air_date, '') >= ${cutoff}
      or coalesce(${t}.first_air_date, '') >= ${cutoff}
    ) then 'tbd' else ${t}.status end`;
}
