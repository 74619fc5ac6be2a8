/*
 * How far a time zone's clock is ahead of UTC at an instant, fast enough to place thousands of
 * plays on a member's clock per request (statistics, year in review; ADR 176).
 *
 * Asking Intl is exact but slow (one formatToParts each, tens of microseconds): asked once per
 * hour of a ten-year history it cost a member's statistics over 100 ms. Offsets change only
 * at a zone's transitions, a few a year, so each (zone, year) gets a table of its offsets —
 * sampled weekly from a week before 1 January to a week after 31 December, each change found
 * to the minute by halving — built once per process and looked up after that. Transitions
 * less than a week apart would be missed; no zone in the IANA data has them.
 */

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building one costs far more than using it. */
function formatFor(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The offset at `t` (ms) straight from Intl: exact, slow. */
export function exactOffsetAt(timeZone: string, t: number): number {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(new Date(t))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
  return local - Math.floor(t / 1000) * 1000;
}

interface Segment {
  /** From this instant (ms) on… */
  at: number;
  /** …the clock is this far ahead of UTC (ms). */
  offset: number;
}

const tables = new Map<string, Segment[]>();
const MAX_TABLES = 5000;

function tableFor(timeZone: string, year: number): Segment[] {
  const key = `${timeZone}|${year}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const start = Date.UTC(year, 0, 1) - WEEK;
  const end = Date.UTC(year + 1, 0, 1) + WEEK;
  const segments: Segment[] = [{ at: -Infinity, offset: exactOffsetAt(timeZone, start) }];
  let prevT = start;
  let prevOffset = segments[0]!.offset;
  for (let t = start + WEEK; t <= end; t += WEEK) {
    const offset = exactOffsetAt(timeZone, t);
    if (offset !== prevOffset) {
      // The first minute in (prevT, t] on the new offset.
      let lo = prevT;
      let hi = t;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (exactOffsetAt(timeZone, mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ at: hi, offset });
      prevOffset = offset;
    }
    prevT = t;
  }
  if (tables.size >= MAX_TABLES) tables.clear();
  tables.set(key, segments);
  return segments;
}

/** How far `timeZone`'s clock is ahead of UTC at instant `t` (ms), from the cached tables. */
export function offsetAt(timeZone: string, t: number): number {
  const segments = tableFor(timeZone, new Date(t).getUTCFullYear());
  let offset = segments[0]!.offset;
  for (const segment of segments) if (segment.at <= t) offset = segment.offset;
  return offset;
}

/** The wall clock of `timeZone` at instant `t`, read with the UTC getters of the result. */
export function wallClock(timeZone: string, t: number): Date {
  return new Date(t + offsetAt(timeZone, t));
}
