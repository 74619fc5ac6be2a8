/**
 * Text as search compares it: Unicode-compatible forms folded (full-width → ASCII), accents
 * removed (é → e; Japanese voicing marks are kept), lower case, apostrophes and dots dropped inside words ("S.H.I.E.L.D." → "shield",
 * "Marvel's" → "marvels"), any other punctuation a space. CJK characters are kept as they are.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    // Latin-style accents only: kana voicing marks (U+3099/U+309A) change the letter, so they stay
    // and NFC puts ホ + ゚ back together as ポ.
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g, '')
    .normalize('NFC')
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
