import {
  defaultLocale,
  isLocale,
  localeCookie,
  matchLocale,
  type Locale,
} from '@series-tracker/contracts/locales';
import { createIntl, type IntlShape } from 'react-intl';

/**
 * The interface language outside React (ADR 186): formatters, the API client's
 * Accept-Language, and the stored choice. The I18nProvider keeps it current and re-renders the
 * tree when it changes, so anything read at render time follows.
 */

/**
 * A quality-assurance locale: every catalogued string is shown accented and bracketed
 * ("[Ŝḗḗȧȧřƈħ]"), so text that escaped the catalogues stands out. Reached with `?lang=en-XA`;
 * never offered in the menus.
 */
export const pseudoLocale = 'en-XA';
export type UiLocale = Locale | typeof pseudoLocale;

const storageKey = 'st-locale';
let current: UiLocale = defaultLocale;
let currentIntl: IntlShape | null = null;

/**
 * The current react-intl formatter, for text made outside a component (a toast, a formatter
 * in lib/): `intl().formatMessage({ id, defaultMessage })`. Components use `useIntl()`.
 */
export function intl(): IntlShape {
  if (!currentIntl) currentIntl = createIntl({ locale: defaultLocale, defaultLocale });
  return currentIntl;
}

export function setCurrentIntl(value: IntlShape): void {
  currentIntl = value;
}

export function getLocale(): UiLocale {
  return current;
}

export function setCurrentLocale(locale: UiLocale): void {
  current = locale;
}

export function isUiLocale(value: unknown): value is UiLocale {
  return value === pseudoLocale || isLocale(value);
}

/**
 * The locale `Intl` formats dates and numbers in. The pseudo-locale formats as Japanese, so a
 * date or count written by hand in English (not through Intl) shows up in its check.
 */
export function formattingLocale(locale: UiLocale = current): string {
  return locale === pseudoLocale ? 'ja' : locale;
}

/**
 * A formatter built on first use per language and kept: building an Intl formatter costs far
 * more than using it (ADR 020). `make` gets the formatting locale.
 */
export function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = formattingLocale();
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

export function storedLocale(): UiLocale | null {
  try {
    const value = localStorage.getItem(storageKey);
    return isUiLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers a choice on this device, and tells the server through a cookie (page, mails). */
export function storeLocale(locale: UiLocale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Private mode without storage: the choice lasts this visit.
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }
}

/**
 * The language to start in: `?lang=` (a link to a language, and the pseudo-locale's door),
 * else the choice stored on this device, else the browser's languages, else English. A
 * member's own setting, once the session is known, overrides this (I18nProvider).
 */
export function initialLocale(): UiLocale {
  if (typeof window === 'undefined') return defaultLocale;
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isUiLocale(asked)) {
    storeLocale(asked);
    return asked;
  }
  return (
    storedLocale() ?? matchLocale(navigator.languages ?? [navigator.language]) ?? defaultLocale
  );
}

/**
 * Steps that load the language's Intl data ahead of the first render, for main.tsx to run in
 * tasks of their own (issue 32): the first number or date formatter of a page costs tens of
 * milliseconds on a phone (react-intl's set-up asks for both), which would otherwise land in
 * the render.
 */
export function formatterWarmUps(locale: UiLocale): (() => void)[] {
  const tag = formattingLocale(locale);
  return [
    () => Intl.NumberFormat.supportedLocalesOf(tag),
    () => Intl.DateTimeFormat.supportedLocalesOf(tag),
  ];
}
