import { perLocale } from '@/i18n';

/**
 * Calendar dates as 'YYYY-MM-DD' strings. Days are calendar days (no time zone): the server has
 * already placed each episode on the member's own day, so only date arithmetic remains here,
 * done on UTC midnights where no daylight-saving change can shift a day.
 */
const at = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = at(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Today in `timeZone` (the member's), as YYYY-MM-DD ('en-CA' writes ISO dates: not for display). */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return iso(now);
  }
}

/** 'YYYY-MM' of a date, and a month moved by `months`. */
export const monthOf = (date: string) => date.slice(0, 7);
export function addMonths(month: string, months: number): string {
  const d = at(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return iso(d).slice(0, 7);
}
export const isMonth = (value: string | null): value is string =>
  value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The weeks (Monday first) that show `month`: from the Monday on or before the 1st. */
export function monthGrid(month: string): { from: string; to: string; days: string[] } {
  const first = at(`${month}-01`);
  const back = (first.getUTCDay() + 6) % 7;
  const from = addDays(`${month}-01`, -back);
  const last = at(`${addMonths(month, 1)}-01`);
  last.setUTCDate(last.getUTCDate() - 1);
  const forward = 6 - ((last.getUTCDay() + 6) % 7);
  const to = addDays(iso(last), forward);
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return { from, to, days };
}

/*
 * Month and weekday names in the interface's language (issue 31). The grid itself stays
 * Monday first whatever the language: the week's start is not configurable here.
 */
const monthName = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const dayName = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);
const weekdayName = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
);
export const formatMonth = (month: string) => monthName().format(at(`${month}-01`));
export const formatDay = (date: string) => dayName().format(at(date));
/** The short weekday names, Monday first (2024-01-01 was a Monday). */
export const weekdays = (): string[] =>
  Array.from({ length: 7 }, (_, i) => weekdayName().format(at(addDays('2024-01-01', i))));
