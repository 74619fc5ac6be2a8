import type { ShowDetail } from '@series-tracker/contracts';
import { intl, perLocale } from '@/i18n';

/** The days of a schedule as a list in the interface's language ('Mondays, Tuesdays'). */
const dayList = perLocale(
  (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
);
const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'region' }));
const languageNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'language' }));

/**
 * 'Mondays, Thursdays at 21:00 (America New York)': the catalogue's weekdays (English names)
 * in the interface's language; the time and the zone as the catalogue gives them.
 */
export function scheduleText(schedule: ShowDetail['schedule']): string | null {
  if (!schedule || schedule.days.length === 0) return null;
  const { formatMessage } = intl();
  const days = dayList().format(
    schedule.days.map((day) =>
      formatMessage(
        {
          id: 'shows.scheduleDay',
          defaultMessage:
            '{day, select, Monday {Mondays} Tuesday {Tuesdays} Wednesday {Wednesdays} Thursday {Thursdays} Friday {Fridays} Saturday {Saturdays} Sunday {Sundays} other {{day}s}}',
        },
        { day },
      ),
    ),
  );
  const timed = schedule.time
    ? formatMessage(
        { id: 'shows.scheduleAt', defaultMessage: '{days} at {time}' },
        { days, time: schedule.time },
      )
    : days;
  return schedule.timezone
    ? formatMessage(
        { id: 'shows.scheduleZone', defaultMessage: '{schedule} ({zone})' },
        { schedule: timed, zone: schedule.timezone.replace(/_/g, ' ') },
      )
    : timed;
}

/** A country the catalogue gives as a code ('GB') named in the interface's language. */
export function showCountry(country: string): string {
  return named(country, /^[A-Z]{2}$/, regionNames);
}

/** A language the catalogue gives as a code ('ja') named in the interface's language. */
export function showLanguage(language: string): string {
  return named(language, /^[a-z]{2,3}$/, languageNames);
}

function named(value: string, code: RegExp, names: () => Intl.DisplayNames): string {
  if (!code.test(value)) return value;
  try {
    return names().of(value) ?? value;
  } catch {
    return value;
  }
}
