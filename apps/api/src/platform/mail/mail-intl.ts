import { defaultLocale, isLocale, type Locale } from '@series-tracker/contracts';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import { intlsFor, type Catalogue } from '../../lib/i18n/intl-for';
import { localizeString } from '../../lib/i18n/localize';
import { mailMessages, type MailMessageId } from './mail-messages';

/** Each language's mail catalogue (the contracts' labels are the API's: localizeString). */
export const mailCatalogues: Record<Exclude<Locale, 'en'>, Catalogue> = { de, es, fr, ja, ar };

// A missing key falls back to English; locales.test.ts is where it fails.
const intlFor = intlsFor({ en: {}, ...mailCatalogues }, () => {});

export interface MailText {
  locale: Locale;
  /** A mail sentence in the recipient's language. */
  t: (id: MailMessageId, values?: Record<string, string | number>) => string;
  /** A label the contracts wrote (an import source), in the recipient's language. */
  label: (english: string) => string;
  /** A calendar date (YYYY-MM-DD) as the language writes it. */
  day: (isoDate: string) => string;
  /** A moment, in UTC, as the language writes it. */
  moment: (iso: string) => string;
}

/** The recipient's language (a member's setting; unknown or none: English) and its words. */
export function mailText(locale: string | null | undefined): MailText {
  const lang: Locale = isLocale(locale) ? locale : defaultLocale;
  const intl = intlFor(lang);
  return {
    locale: lang,
    t: (id, values) =>
      intl.formatMessage(
        { id, defaultMessage: mailMessages[id] },
        { product: 'Series Tracker', ...values },
      ),
    label: (english) => localizeString(lang, english),
    day: (isoDate) =>
      /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
        ? intl.formatDate(`${isoDate}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' })
        : isoDate,
    moment: (iso) =>
      intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  };
}
