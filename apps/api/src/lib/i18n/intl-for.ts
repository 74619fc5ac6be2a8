import { createIntl, createIntlCache, type IntlShape, type OnErrorFn } from '@formatjs/intl';
import { defaultLocale, type Locale } from '@series-tracker/contracts';

export type Catalogue = Record<string, string>;

const cache = createIntlCache();

/**
 * FormatJS per language over one set of catalogues (the API's messages, the mails'), each made
 * on first use and kept, all sharing one formatter cache. English is the code's source: a
 * message its catalogue lacks is formatted from its `defaultMessage`.
 */
export function intlsFor(
  catalogues: Record<Locale, Catalogue>,
  onError: OnErrorFn,
): (locale: Locale) => IntlShape {
  const made = new Map<Locale, IntlShape>();
  return (locale) => {
    let intl = made.get(locale);
    if (!intl) {
      intl = createIntl({ locale, defaultLocale, messages: catalogues[locale], onError }, cache);
      made.set(locale, intl);
    }
    return intl;
  };
}
