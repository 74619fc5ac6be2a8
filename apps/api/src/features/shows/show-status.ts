import { sql, type RawBuilder } from 'kysely';

/**
 * The status a show is shown with (ADR 035, ADR 120). The catalogue keeps the source's status
 * (TVmaze 'Running' → 'airing'), but that status is only a claim about the day the record was
 * fetched (`status_as_of`), and TVmaze leaves long-dormant shows 'Running' for years.
 *
 * - A show counts as airing only with evidence of life: an episode that aired in the last
 *   18 months or is scheduled (any listed episode dated on or after the cutoff; retired ones,
 *   which the source no longer lists, do not count), or a premiere or last air date on or after
 *   the cutoff.
 * - An 'airing' show without any, whose record is recent (`status_as_of` on or after the
 *   cutoff), is shown as 'tbd': the source still says Running today, yet nothing airs.
 * - An 'airing' or 'upcoming' show without any, whose record is older than the cutoff, is
 *   shown as 'unknown': our copy is too old to say anything about now, and 'tbd' would be a
 *   claim we cannot make. The client labels it with the last known status and its date
 *   (`lastKnownStatus`), e.g. "Airing as of 2020".
 * - Every other status is shown as stored ('completed' already includes shows whose end date
 *   has passed: the importer and the TVmaze mapper store that, catalog.normalize.ts).
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

/** Statuses that describe the present, and so go stale with the record that says them. */
export const PRESENT_STATUSES = ['airing', 'upcoming'] as const;

/** The shown status of the show row under `alias` ('shows', or 's' where it is aliased). */
export function shownStatus(alias: 'shows' | 's', cutoff = airingCutoff()): RawBuilder<string> {
  const t = sql.table(alias);
  const alive = sql`(
      exists (select 1 from episodes as recent_ep
              where recent_ep.show_id = ${t}.id and recent_ep.air_date >= ${cutoff}
                and recent_ep.retired_at is null)
      or coalesce(${t}.last_air_date, '') >= ${cutoff}
      or coalesce(${t}.first_air_date, '') >= ${cutoff}
    )`;
  const fresh = sql`coalesce(${t}.status_as_of, '') >= ${cutoff}`;
  return sql<string>`case
      when ${t}.status not in ('airing', 'upcoming') then ${t}.status
      when ${alive} then ${t}.status
      when ${fresh} then case when ${t}.status = 'airing' then 'tbd' else ${t}.status end
      else 'unknown' end`;
}
