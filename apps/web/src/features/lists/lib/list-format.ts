/** Wording shared by the lists screens. */
import { lazily } from '@/lib/format';

const numberFormat = lazily(() => new Intl.NumberFormat('en'));

export const plural = (n: number, one: string, many: string) =>
  `${numberFormat().format(n)} ${n === 1 ? one : many}`;

/** '{n} list(s) total' (spec §2). */
export const listsTotalText = (n: number) => `${plural(n, 'list', 'lists')} total`;
/** 'n items' (spec §2). */
export const itemsText = (n: number) => plural(n, 'item', 'items');
/** Selected count uses 'show'/'shows' (spec §2 Create list). */
export const showsText = (n: number) => plural(n, 'show', 'shows');

const dateFormat = lazily(
  () => new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** 'Mar 1, 2025', or null when the value is not a date. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat().format(date);
}

const relative = lazily(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** 'Updated 3 days ago' style: relative to `now`; null when the value is not a date. */
export function formatRelative(value: string | null | undefined, now = Date.now()): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  let amount = (time - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size || unit === 'year') {
      if (unit === 'second' && Math.abs(amount) < 45) return 'just now';
      return relative().format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return null;
}

/** Fixed tones for covers that fail: the same list always gets the same colours. */
const tileTones = [
  'bg-violet-700',
  'bg-indigo-700',
  'bg-fuchsia-800',
  'bg-sky-800',
  'bg-teal-800',
  'bg-rose-800',
] as const;

export function tileTone(seed: number): string {
  return tileTones[Math.abs(seed) % tileTones.length]!;
}
