import { intl, perLocale } from '@/i18n';

/** A date formatter for the viewer's time zone in the interface's language, made on first use. */
const localFormat = (options: Intl.DateTimeFormatOptions) =>
  perLocale((locale) => new Intl.DateTimeFormat(locale, options));

const playTime = localFormat({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dayHeading = localFormat({
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const timeOnly = localFormat({ hour: 'numeric', minute: '2-digit' });

/** A play's moment in the viewer's time zone: 'Jun 3, 2024, 9:15 PM' in English. */
export const formatPlayTime = (iso: string) => playTime().format(new Date(iso));
export const formatPlayClock = (iso: string) => timeOnly().format(new Date(iso));
/** A diary day heading: 'Monday, June 3, 2024' in English. */
export const formatDiaryDay = (iso: string) => dayHeading().format(new Date(iso));

/** Where a play came from, when it is worth saying (plays on the site say nothing). */
export function playSourceLabel(source: string): string | null {
  if (source === 'web') return null;
  if (source === 'migrated')
    return intl().formatMessage({
      id: 'tracking.sourceMigrated',
      defaultMessage: 'Recorded before play history',
    });
  if (source.startsWith('import:')) {
    const from = source.slice(7);
    return from
      ? intl().formatMessage(
          { id: 'tracking.sourceImported', defaultMessage: 'Imported from {source}' },
          { source: from },
        )
      : intl().formatMessage({
          id: 'tracking.sourceImportedFile',
          defaultMessage: 'Imported from a file',
        });
  }
  return source;
}

/** Entries grouped by the viewer's local day, in the order given (newest first). */
export function groupByDay<T extends { watchedAt: string }>(entries: T[]) {
  const groups: { day: string; entries: T[] }[] = [];
  for (const e of entries) {
    const d = new Date(e.watchedAt);
    const key = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    const last = groups[groups.length - 1];
    if (last && last.day === key) last.entries.push(e);
    else groups.push({ day: key, entries: [e] });
  }
  return groups;
}
