import { intl, perLocale } from '@/i18n';

const today = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const daysBack = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));

/** The dot between an entry's facts (author · date): typography, the same in every language. */
export const DOT = '·';
export const SPACED_DOT = ' · ';

/** Spec §2: cards give the date relative, in days ('today', '1 day ago', '9 days ago'). */
export function daysAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const days = Math.max(0, Math.floor((now - then) / 86_400_000));
  return days === 0 ? today().format(0, 'day') : daysBack().format(-days, 'day');
}

const longDate = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }),
);

/** Spec §2 review detail: a long-form date ('March 5, 2026' in English). */
export function longFormDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate().format(d);
}

/** '3 reviews loaded' / '1 review loaded' (spec §2). */
export function reviewsLoadedText(n: number): string {
  return intl().formatMessage(
    {
      id: 'reviews.loadedCount',
      defaultMessage: '{count, plural, one {# review loaded} other {# reviews loaded}}',
    },
    { count: n },
  );
}

/** A rating as the cards show it: '7.5/10'. */
export function outOfTen(rating: number): string {
  return intl().formatMessage(
    { id: 'reviews.outOfTen', defaultMessage: '{rating, number}/10' },
    { rating },
  );
}

/** What a screen reader hears for a rating: 'Rated 7.5 out of 10'. */
export function ratedOutOfTen(rating: number): string {
  return intl().formatMessage(
    { id: 'reviews.ratedOutOfTen', defaultMessage: 'Rated {rating, number} out of 10' },
    { rating },
  );
}

/** Stars out of 10: the whole part, plus a half star when the fraction is at least .5 (spec §9). */
export function starParts(rating: number): { full: number; half: boolean } {
  const r = Math.max(0, Math.min(10, rating));
  const full = Math.floor(r);
  return { full, half: r - full >= 0.5 };
}
