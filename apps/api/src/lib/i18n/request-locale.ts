import {
  defaultLocale,
  isLocale,
  localeCookie,
  matchLocale,
  type Locale,
} from '@series-tracker/contracts';
import { localize } from './localize';
import type { DetailText } from './text';

interface RequestLike {
  url: string;
  headers: { 'accept-language'?: string | undefined; cookie?: string | undefined };
}

/**
 * The Trakt-compatible API (/trakt/..., its OAuth included) answers as Trakt does: in English,
 * whatever the client's language (ADR 186).
 */
export const isTraktRequest = (request: { url: string }) =>
  request.url === '/trakt' ||
  request.url.startsWith('/trakt/') ||
  request.url.startsWith('/trakt?');

/**
 * The language of an API answer: the request's Accept-Language (the web app sends its interface
 * language on every call) matched to ours, else English. A signed-in member's own setting is
 * not used: the request's language is what the screen shows (ADR 186).
 */
export function requestLocale(request: RequestLike): Locale {
  if (isTraktRequest(request)) return defaultLocale;
  return matchLocale(request.headers['accept-language']) ?? defaultLocale;
}

/** The `st_locale` cookie's language, if it names one of ours. */
function cookieLocale(cookie: string | undefined): Locale | null {
  for (const part of cookie?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === localeCookie) {
      const locale = decodeURIComponent(value.join('='));
      return isLocale(locale) ? locale : null;
    }
  }
  return null;
}

/**
 * The language a browser's visitor chose: the `st_locale` cookie the web app keeps, else the
 * browser's Accept-Language, else null. A page load carries the browser's languages, not the
 * interface's, so the cookie comes first (the single sign-on callback and its error page).
 */
export function chosenLocale(request: RequestLike): Locale | null {
  return cookieLocale(request.headers.cookie) ?? matchLocale(request.headers['accept-language']);
}

/** The language of a page the API serves to a browser (the single sign-on error page). */
export const pageLocale = (request: RequestLike): Locale => chosenLocale(request) ?? defaultLocale;

/** A message in the request's language: the answers that are a sentence ("Check your e-mail"). */
export const localizeFor = (request: RequestLike, text: DetailText): string =>
  localize(requestLocale(request), text);
