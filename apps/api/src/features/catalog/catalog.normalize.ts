import type { CatalogShow } from './catalog.schema';

/*
 * What the catalogue stores for a record beyond copying it (ADR 120): the honest status and one
 * display-title rule. Applied to every record the importer reads (so the bundled snapshot is
 * right offline) and to every record the TVmaze mapper produces (so a live refresh agrees).
 */

type Status = CatalogShow['status'];

/** TVmaze's statuses (the catalogue build's table, docs/catalog-format.md). */
const tvmazeStatuses: Record<string, Status> = {
  Running: 'airing',
  Ended: 'completed',
  'In Development': 'upcoming',
  'To Be Determined': 'tbd',
};

export function tvmazeStatus(raw: string | null | undefined): Status {
  return (raw && tvmazeStatuses[raw]) || 'unknown';
}

/**
 * The show's end date, when the record knows one. Bangumi-data's `lastAirDate` is its `end`;
 * a TVmaze record's is TVmaze's `ended`, except with a complete episode list, where it may be
 * only the latest episode of a running show (SCHEMA.md), so it proves nothing there.
 */
function knownEndDate(show: Omit<CatalogShow, 'episodes'>): string | null {
  if (show.source === 'tvmaze' && show.episodesComplete) return null;
  return show.lastAirDate;
}

/**
 * The status to store: the source's (mapped with the table above), except that a show whose
 * end date has passed (before `today`, YYYY-MM-DD) has ended, whatever the record said when it
 * was fetched.
 */
export function honestStatus(show: Omit<CatalogShow, 'episodes'>, today: string): Status {
  const status = show.status;
  const end = knownEndDate(show);
  if (status !== 'completed' && end && end < today) return 'completed';
  return status;
}

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A title written in Latin letters only (no kana, kanji or hangul): English or romaji. */
export function isLatinTitle(title: string | null | undefined): title is string {
  return !!title && /\p{Script=Latin}/u.test(title) && !cjk.test(title);
}

/** Words title case leaves lower case inside a title: English articles and short words, and
 *  the particles of romanised Japanese. */
const minorWords = new Set(
  'a an and as at but by for in of on or the to vs via with no wa ga wo ni de to e mo ya'.split(
    ' ',
  ),
);

/**
 * Title case for a Latin title written all in lower case ("attack on titan" → "Attack on
 * Titan"). Bangumi-data's English translations are typed by volunteers, and an all-lower-case
 * one is how it was typed, not a stylisation we could tell apart; any title with a capital
 * letter anywhere ("xxxHOLiC", "gdgd Fairies") is left exactly as it is.
 */
export function tidyCase(title: string): string {
  if (!/\p{Ll}/u.test(title) || /\p{Lu}/u.test(title)) return title;
  let first = true;
  return title.replace(/[^\s]+/g, (word) => {
    const keepLower = !first && minorWords.has(word);
    first = false;
    return keepLower ? word : word.replace(/^\p{Ll}/u, (ch) => ch.toUpperCase());
  });
}

/**
 * The display title of an anime record from bangumi-data: its English title, else a Latin
 * (romaji or official Latin) title the record carries, else the original (native) title,
 * which clients then show alone. TVmaze records keep TVmaze's name: TVmaze already names
 * anime in English or romaji, and its stylisations ("black-ish") are deliberate.
 */
export function displayTitles(
  show: Omit<CatalogShow, 'episodes'>,
): Pick<CatalogShow, 'title' | 'titleEnglish' | 'titleAlternatives'> {
  const { title: stored, titleEnglish, titleAlternatives } = show;
  if (show.source !== 'bangumi-data') return { title: stored, titleEnglish, titleAlternatives };
  const english = isLatinTitle(titleEnglish) ? tidyCase(titleEnglish) : null;
  // A translation that is not in Latin letters is not an English title, but still a title.
  const alternatives =
    titleEnglish && !english && !titleAlternatives.includes(titleEnglish)
      ? [...titleAlternatives, titleEnglish]
      : titleAlternatives;
  const original = show.titleOriginal;
  const latin = isLatinTitle(original) ? original : alternatives.find((t) => isLatinTitle(t));
  const title = english ?? (latin ? tidyCase(latin) : (original ?? stored));
  return { title, titleEnglish: english, titleAlternatives: alternatives };
}

/** A catalogue record as the catalogue stores it (see above); `today` is YYYY-MM-DD. */
export function normalizeCatalogShow<T extends Omit<CatalogShow, 'episodes'>>(
  show: T,
  today: string,
): T {
  return { ...show, ...displayTitles(show), status: honestStatus(show, today) };
}
