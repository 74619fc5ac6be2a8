import { intl, perLocale } from '@/i18n/locale-state';

/**
 * Display formatting shared by every screen (spec §9: ratings to 1 decimal, counts in
 * thousands), in the interface's language (issue 31): numbers and dates through Intl, words
 * through the catalogues.
 */

export function formatRating(rating: number | null | undefined): string {
  return typeof rating === 'number' && Number.isFinite(rating)
    ? ratingFormat().format(rating)
    : intl().formatMessage({ id: 'format.noRating', defaultMessage: 'N/A' });
}

/** Spec §9 rating colours: 8+ green, 7+ yellow, 6+ orange, below 6 red; no rating is grey. */
export function ratingColorClass(rating: number | null | undefined): string {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return 'text-slate-400';
  if (rating >= 8) return 'text-emerald-400';
  if (rating >= 7) return 'text-yellow-400';
  if (rating >= 6) return 'text-orange-400';
  return 'text-red-400';
}

/** '1.2k users' from 1000 up (spec §9); exact below that, where '0.3k' would read oddly. */
export function formatUserCount(count: number): string {
  if (count >= 1000) {
    return intl().formatMessage(
      { id: 'format.thousandsOfUsers', defaultMessage: '{thousands}k users' },
      { thousands: thousandsFormat().format(Math.round(count / 100) / 10) },
    );
  }
  return intl().formatMessage(
    { id: 'format.userCount', defaultMessage: '{count, plural, one {# user} other {# users}}' },
    { count },
  );
}

/**
 * A value built on first use and kept for the app's lifetime. Intl formatters are built this
 * way: building one costs far more than using it (ICU's first use of a locale takes tens of
 * milliseconds on a phone), so it happens once, and not while a chunk that merely imports the
 * formatter evaluates on the way to the first paint (ADR 020).
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

const ratingFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const thousandsFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
);
const countFormat = perLocale((locale) => new Intl.NumberFormat(locale));

export function formatCount(count: number): string {
  return countFormat().format(count);
}

/** The viewer's local calendar date as YYYY-MM-DD (not UTC: 'today' is where they are). */
export function localIsoDate(date = new Date()): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const longDate = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

/** An air date (YYYY-MM-DD, a calendar date) as 'Jan 20, 2008' (in English); null when absent or invalid. */
export function formatAirDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : longDate().format(date);
}

export function yearOf(value: string | null | undefined): string | null {
  return value && /^\d{4}/.test(value) ? value.slice(0, 4) : null;
}

/** 'S1E5' (spec: 'S{season}E{episode}'); specials without numbers get a plain label. */
export function episodeCode(season: number | null, episode: number | null): string {
  if (season === null && episode === null)
    return intl().formatMessage({ id: 'format.special', defaultMessage: 'Special' });
  return `S${season ?? 0}E${episode ?? 0}`;
}
