import { DateTime } from 'luxon';

/**
 * When an episode airs, and on which day and at what time a member sees it (ADR 160).
 * The instant is TVmaze's airstamp when present, else the air date at the show's scheduled
 * time in its network's time zone, else unknown: the episode is then "all day" on its air date
 * (a date, not an instant, so it is the same day everywhere). Time-zone rules come from the IANA
 * database through Intl (cached formatters, checked against luxon in tests) and luxon for
 * calendar days; no hand-written offset tables.
 */
export interface AirFields {
  air_date: string | null;
  air_stamp: string | null;
  schedule_time: string | null;
  schedule_timezone: string | null;
}

export interface Airing {
  /** ISO 8601 UTC, or null for an all-day episode. */
  instant: string | null;
  /** YYYY-MM-DD: the air date of an all-day episode, else the instant's date in `zone`. */
  date: string;
  /** HH:mm in `zone`, or null for an all-day episode. */
  time: string | null;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** The instant an episode airs (ISO UTC), or null when only its date is known. */
export function airInstant(ep: AirFields): string | null {
  if (ep.air_stamp) {
    // ISO 8601 with an offset (TVmaze's airstamp): Date parses it exactly.
    const ms = Date.parse(ep.air_stamp);
    if (!Number.isNaN(ms)) return new Date(ms).toISOString().replace('.000Z', 'Z');
  }
  if (ep.air_date && ep.schedule_time && ep.schedule_timezone) {
    const m = TIME.exec(ep.schedule_time);
    if (!m || !isZone(ep.schedule_timezone)) return null;
    const at = zonedWallClockToUtc(ep.air_date, Number(m[1]), Number(m[2]), ep.schedule_timezone);
    return at === null ? null : new Date(at).toISOString().replace('.000Z', 'Z');
  }
  return null;
}

/**
 * "YYYY-MM-DD, HH:mm" of an instant in a zone: one Intl formatter per zone, reused (a feed
 * places thousands of episodes in the same zone; luxon objects per episode cost several times more).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let f = wallClocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(zone, f);
  }
  return f;
}

const zoneValid = new Map<string, boolean>();
function isZone(zone: string): boolean {
  let ok = zoneValid.get(zone);
  if (ok === undefined) {
    ok = DateTime.local().setZone(zone).isValid;
    zoneValid.set(zone, ok);
  }
  return ok;
}

/** The zone's offset from UTC at instant `ms` (ms), read from its wall clock through Intl. */
function offsetAt(zone: string, ms: number): number {
  const t = wallClock(zone).format(ms); // "2026-03-08, 13:30"
  const wall = Date.UTC(
    +t.slice(0, 4),
    +t.slice(5, 7) - 1,
    +t.slice(8, 10),
    +t.slice(12, 14),
    +t.slice(15, 17),
  );
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time in `zone` names (the IANA rules through Intl, as date-fns-tz
 * does): two offset reads settle a daylight-saving change; a time skipped by a spring-forward
 * gap lands an hour later, a repeated autumn hour takes its first occurrence.
 */
export function zonedWallClockToUtc(
  date: string,
  hour: number,
  minute: number,
  zone: string,
): number | null {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, hour, minute);
  if (Number.isNaN(wall)) return null;
  const first = offsetAt(zone, wall);
  let at = wall - first;
  const second = offsetAt(zone, at);
  if (second !== first) {
    const other = wall - second;
    // Use the reading that maps back to the same wall clock; else (a gap) the later offset.
    at = offsetAt(zone, other) === second ? other : wall - Math.min(first, second);
  }
  return at;
}

/** Where the episode falls for a member in time zone `zone`; null without any date. */
export function airingIn(ep: AirFields, zone: string): Airing | null {
  const instant = airInstant(ep);
  if (instant) {
    const text = wallClock(zone).format(Date.parse(instant)); // "2026-03-08, 13:30"
    return { instant, date: text.slice(0, 10), time: text.slice(12, 17) };
  }
  if (!ep.air_date) return null;
  return { instant: null, date: ep.air_date, time: null };
}

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** The hour (0–23) it is now in `zone`. */
export function hourIn(zone: string, now: Date = new Date()): number {
  return DateTime.fromJSDate(now, { zone }).hour;
}

/** `date` moved by `days` (calendar days, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}

/** Whole days from `from` to `to` (dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days')
      .days,
  );
}
