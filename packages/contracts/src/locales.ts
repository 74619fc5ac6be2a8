/**
 * The interface languages (issue 31, ADR 186). English is the source: the spec's strings are
 * written in it and every other catalogue translates it. Arabic is written right to left.
 */
export const supportedLocales = ['en', 'de', 'es', 'fr', 'ja', 'ar'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

/** Each language named in itself, as a language menu shows it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  ar: 'العربية',
};

/** The cookie that carries a visitor's chosen language to the server (page, manifest, API). */
export const localeCookie = 'st_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

export function localeDirection(locale: string): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The supported language an Accept-Language header (or a list such as navigator.languages)
 * asks for first, by quality then order, matching on the primary subtag ("de-AT" → de);
 * null when it names none of ours.
 */
export function matchLocale(accept: string | readonly string[] | null | undefined): Locale | null {
  if (!accept) return null;
  const entries = (typeof accept === 'string' ? accept.split(',') : accept)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        tag: tag.trim().toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of entries) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
