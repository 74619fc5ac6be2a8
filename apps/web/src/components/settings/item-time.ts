import { intl, perLocale } from '@/i18n';

const dateTime = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** When a thing in a settings list was made or used: date and time in the interface's language. */
export const itemTime = (iso: string) => dateTime().format(new Date(iso));

/** "last used <when>", or `unused` ("never used", "not used yet") for a thing never used. */
export const lastUsed = (iso: string | null, unused: string) =>
  iso
    ? intl().formatMessage(
        { id: 'settings.lastUsed', defaultMessage: 'last used {when}' },
        { when: itemTime(iso) },
      )
    : unused;
