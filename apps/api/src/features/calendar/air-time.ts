import { DateTime } from 'luxon';

/**
 * When an episode airs, and on which day and at what time a member sees it (ADR 160).
 * The instant is TVmaze's airstamp when present, else the air date at the show's scheduled
 * time in its network's time zone, else unknown: the episode is then "all day" on its air date
 * (a date, not an instant, so it is the same day everywhere). Time-zone arithmetic is luxon's
 * (the IANA database through Intl), never hand-rolled offsets.
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
    const at = DateTime.fromISO(ep.air_stamp, { setZone: true });
    if (at.isValid) return at.toUTC().toISO({ suppressMilliseconds: true });
  }
  if (ep.air_date && ep.schedule_time && ep.schedule_timezone) {
    const m = TIME.exec(ep.schedule_time);
    if (!m) return null;
    const at = DateTime.fromISO(`${ep.air_date}T${m[1]!.padStart(2, '0')}:${m[2]}`, {
      zone: ep.schedule_timezone,
    });
    if (at.isValid) return at.toUTC().toISO({ suppressMilliseconds: true });
  }
  return null;
}

/** Where the episode falls for a member in time zone `zone`; null without any date. */
export function airingIn(ep: AirFields, zone: string): Airing | null {
  const instant = airInstant(ep);
  if (instant) {
    const local = DateTime.fromISO(instant, { zone: 'utc' }).setZone(zone);
    return { instant, date: local.toISODate()!, time: local.toFormat('HH:mm') };
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
