import type { IntlShape } from '@formatjs/intl';
import {
  contractMessage,
  contractMessages,
  defaultLocale,
  type Locale,
} from '@series-tracker/contracts';
import contractsAr from '@series-tracker/contracts/messages/ar.json';
import contractsDe from '@series-tracker/contracts/messages/de.json';
import contractsEs from '@series-tracker/contracts/messages/es.json';
import contractsFr from '@series-tracker/contracts/messages/fr.json';
import contractsJa from '@series-tracker/contracts/messages/ja.json';
import { apiCatalogue } from './api-messages';
import { intlsFor, type Catalogue } from './intl-for';
import apiAr from './messages/ar.json';
import apiDe from './messages/de.json';
import apiEs from './messages/es.json';
import apiFr from './messages/fr.json';
import apiJa from './messages/ja.json';
import { isLocalText, type DetailText, type Duration, type TextValue } from './text';

/**
 * Each language's catalogue: the contracts' messages (shared with the web app) and the API's
 * own. English is the source written in the code; a message a catalogue lacks falls back to
 * it (the catalogue tests keep that from happening).
 */
const catalogues: Record<Locale, Catalogue> = {
  en: { ...contractMessages, ...apiCatalogue },
  de: { ...contractsDe, ...apiDe },
  es: { ...contractsEs, ...apiEs },
  fr: { ...contractsFr, ...apiFr },
  ja: { ...contractsJa, ...apiJa },
  ar: { ...contractsAr, ...apiAr },
};

/** FormatJS for one language, made once and kept. */
const intlFor = intlsFor(catalogues, (error) => {
  // A missing translation falls back to English; anything else is a bug worth a warning.
  if (error.code !== 'MISSING_TRANSLATION') process.emitWarning(error.message);
});

/** A wait in the largest whole unit, as @fastify/rate-limit says it in English ("1 minute"). */
function formatDuration(intl: IntlShape, { seconds }: Duration): string {
  const [unit, size] =
    seconds < 60
      ? (['second', 1] as const)
      : seconds < 3600
        ? (['minute', 60] as const)
        : seconds < 86_400
          ? (['hour', 3600] as const)
          : (['day', 86_400] as const);
  return intl.formatNumber(Math.round(seconds / size), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  });
}

function formatValue(intl: IntlShape, value: TextValue): string | number {
  return typeof value === 'object' ? formatDuration(intl, value) : value;
}

/** A message in a language: the contracts' by its English text, the API's own by its id. */
export function localize(locale: Locale, text: DetailText): string {
  if (typeof text === 'object' && 'verbatim' in text) return text.verbatim;
  const intl = intlFor(locale);
  if (!isLocalText(text)) {
    const entry = contractMessage(text);
    // The types allow only catalogue texts; anything else is sent as it came.
    return entry ? intl.formatMessage(entry) : text;
  }
  const values = text.values
    ? Object.fromEntries(Object.entries(text.values).map(([k, v]) => [k, formatValue(intl, v)]))
    : undefined;
  let out = intl.formatMessage({ id: text.id, defaultMessage: text.defaultMessage }, values);
  for (const [name, value] of Object.entries(text.literals ?? {}))
    out = out.replaceAll(`{${name}}`, value);
  return out;
}

/** The English of a message: what the error's `message` says (logs, tests, stored details). */
export const english = (text: DetailText): string => localize(defaultLocale, text);

/** The API's own messages without placeholders, by their English (schemas' messages). */
const apiIdByText = new Map(
  Object.entries(apiCatalogue)
    .filter(([, message]) => !/[{}'<]/.test(message))
    .map(([id, message]) => [message, id]),
);

/** A catalogue entry by its English text: a contracts message, or one of the API's own. */
function entryByText(text: string): { id: string; defaultMessage: string } | undefined {
  const id = apiIdByText.get(text);
  return id ? { id, defaultMessage: text } : contractMessage(text);
}

/**
 * Any string in a language when it is the English of a catalogue message (the message a
 * schema wrote: the contracts' or, in the API's own schemas, api-messages.ts); other text (a
 * Trakt schema's own words) is returned as it is.
 */
export function localizeString(locale: Locale, text: string): string {
  const entry = entryByText(text);
  return entry ? intlFor(locale).formatMessage(entry) : text;
}

/** Whether a text is the English of a catalogue message (the untranslated-message test). */
export const isCatalogueText = (text: string): boolean => entryByText(text) !== undefined;
