import { intl } from '@/i18n';

/*
 * The year in review's dates and month names, in the interface's language (issue 31),
 * through react-intl's cached formatters.
 */

/** 'Wednesday, March 4' for a local day 'YYYY-MM-DD' (already on the member's clock). */
export function dayLabel(day: string): string {
  return intl().formatDate(new Date(`${day}T12:00:00Z`), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'March 4' for an instant, on the member's clock when it is known. */
export function instantLabel(at: string, timeZone: string | null): string {
  return intl().formatDate(new Date(at), {
    month: 'long',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A month's name (0 is January): 'long' ('March') or 'narrow' ('M'). */
export function monthName(month: number, width: 'long' | 'narrow' = 'long'): string {
  return intl().formatDate(Date.UTC(2024, month, 15), { month: width, timeZone: 'UTC' });
}
