/**
 * Text as search compares it: Unicode-compatible forms folded (full-width → ASCII), diacritics
 * removed, lower case, apostrophes and dots dropped inside words ("S.H.I.E.L.D." → "shield",
 * "Marvel's" → "marvels"), any other punctuation a space. CJK characters are kept as they are.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’ʼ`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Separates the titles of one show inside its search text. */
export const TITLE_SEPARATOR = ' | ';

export function searchTextFor(titles: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (const title of titles) {
    if (!title) continue;
    const n = normalizeForSearch(title);
    if (n) seen.add(n);
  }
  return [...seen].join(TITLE_SEPARATOR);
}
