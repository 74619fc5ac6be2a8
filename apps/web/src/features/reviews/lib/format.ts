import { lazily } from '@/lib/format';

/** Spec §2: cards give the date relative, in days. */
export function daysAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const days = Math.max(0, Math.floor((now - then) / 86_400_000));
  if (days === 0) return 'today';
  if (days === 1) return '1 day ago';
  return `${days} days ago`;
}

const longDate = lazily(
  () => new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }),
);

/** Spec §2 review detail: a long-form date ('March 5, 2026'). */
export function longFormDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate().format(d);
}

/** '3 reviews loaded' / '1 review loaded' (spec §2). */
export function reviewsLoadedText(n: number): string {
  return `${n} ${n === 1 ? 'review' : 'reviews'} loaded`;
}

/** Stars out of 10: the whole part, plus a half star when the fraction is at least .5 (spec §9). */
export function starParts(rating: number): { full: number; half: boolean } {
  const r = Math.max(0, Math.min(10, rating));
  const full = Math.floor(r);
  return { full, half: r - full >= 0.5 };
}
