/** Wording shared by the lists screens, in the interface's language (issue 31). */
import type { ListItem } from '@series-tracker/contracts';
import { intl, perLocale } from '@/i18n';

/** A list item's show title, or its id while the show's details are missing. */
export function itemTitle(item: Pick<ListItem, 'show' | 'showId'>): string {
  return (
    item.show.title ||
    intl().formatMessage(
      { id: 'lists.showIdFallback', defaultMessage: 'Show ID: {id}' },
      // An id, not an amount: no digit grouping.
      { id: String(item.showId) },
    )
  );
}

/** '{n} list(s) total' (spec §2). */
export const listsTotalText = (count: number) =>
  intl().formatMessage(
    {
      id: 'lists.listsTotal',
      defaultMessage: '{count, plural, one {# list total} other {# lists total}}',
    },
    { count },
  );

/** 'n items' (spec §2). */
export const itemsText = (count: number) =>
  intl().formatMessage(
    { id: 'lists.itemCount', defaultMessage: '{count, plural, one {# item} other {# items}}' },
    { count },
  );

/** Selected count uses 'show'/'shows' (spec §2 Create list). */
export const showsText = (count: number) =>
  intl().formatMessage(
    { id: 'lists.showCount', defaultMessage: '{count, plural, one {# show} other {# shows}}' },
    { count },
  );

const plainNumber = perLocale((locale) => new Intl.NumberFormat(locale, { useGrouping: false }));

/** A text box's '12/500' counter. */
export const counterText = (length: number, max: number) =>
  intl().formatMessage(
    { id: 'lists.charCount', defaultMessage: '{length}/{max}' },
    { length: plainNumber().format(length), max: plainNumber().format(max) },
  );

const dateFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** 'Mar 1, 2025', or null when the value is not a date. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat().format(date);
}

const relative = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
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
      if (unit === 'second' && Math.abs(amount) < 45)
        return intl().formatMessage({ id: 'lists.justNow', defaultMessage: 'just now' });
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
