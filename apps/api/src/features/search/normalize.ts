/** Combining accents of Latin, Greek and Cyrillic letters (not kana voicing marks). */
function isAccent(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe20 && cp <= 0xfe2f)
  );
}

/**
 * Text as search compares it: Unicode-compatible forms folded (full-width → ASCII), accents
 * removed (é → e; Japanese voicing marks are kept), lower case, apostrophes and dots dropped
 * inside words ("S.H.I.E.L.D." → "shield", "Marvel's" → "marvels"), any other punctuation a
 * space. CJK characters are kept as they are.
 */
export function normalizeForSearch(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Latin-style accents only: kana voicing marks (U+3099/U+309A) change the letter, so they stay
      // and NFC puts ホ + ゚ back together as ポ.
      .replace(/./gsu, (ch) => (isAccent(ch.codePointAt(0)!) ? '' : ch))
      .normalize('NFC')
      .toLowerCase()
      .replace(/['’ʼ`.]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
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
