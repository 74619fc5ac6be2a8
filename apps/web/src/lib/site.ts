import { intl } from '@/i18n/locale-state';

/**
 * Product wording shared by the header, footer, home page and document titles, in the
 * interface's language (issue 31). The product's name is never translated, but it is a
 * message like all text, so the pseudo-locale can tell it was not missed.
 */
export const SITE_NAME = 'Series Tracker';

export function siteName(): string {
  return intl().formatMessage({ id: 'lib.siteName', defaultMessage: 'Series Tracker' });
}

export function siteSlogan(): string {
  return intl().formatMessage({
    id: 'lib.siteSlogan',
    defaultMessage:
      "Track every episode and share what's worth watching with a community that lives and breathes television.",
  });
}

/** The document title: 'Watchlist · Series Tracker', or the product's name alone. */
export function pageTitle(title?: string): string {
  return title
    ? intl().formatMessage(
        { id: 'lib.pageTitle', defaultMessage: '{title} · Series Tracker' },
        { title },
      )
    : siteName();
}
