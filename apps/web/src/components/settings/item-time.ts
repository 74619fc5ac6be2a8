import { lazily } from '@/lib/format';

const dateTime = lazily(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** When a thing in a settings list was made or used: date and time in the reader's locale. */
export const itemTime = (iso: string) => dateTime().format(new Date(iso));

/** "last used <when>", or `unused` ("never used", "not used yet") for a thing never used. */
export const lastUsed = (iso: string | null, unused: string) =>
  iso ? `last used ${itemTime(iso)}` : unused;
