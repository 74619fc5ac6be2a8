import { distance } from 'fastest-levenshtein';
import { TITLE_SEPARATOR } from './normalize';

/**
 * How well one normalised title matches a normalised query, 0 (no match) to 100.
 * Exact beats prefix beats whole-word substring beats substring beats word-by-word matching,
 * where each query word may be a prefix of a title word (typing in progress) or a typo of one
 * (see isTypo: "brakng" finds "breaking", "dreaming" does not).
 */
export function titleScore(query: string, title: string): number {
  if (!query || !title) return 0;
  if (title === query) return 100;
  if (title.startsWith(query)) return 90 - Math.min(10, (title.length - query.length) / 4);
  const at = title.indexOf(query);
  if (at > 0 && title[at - 1] === ' ') return 78;
  if (at > 0) return 66;

  const qWords = query.split(' ');
  const tWords = title.split(' ');
  let quality = 0;
  let matched = 0;
  for (const [i, w] of qWords.entries()) {
    const best = Math.max(0, ...tWords.map((t) => wordScore(w, t, i === qWords.length - 1)));
    if (best > 0) matched++;
    quality += best;
  }
  if (matched === qWords.length) return 30 + 30 * (quality / qWords.length);
  // Most words found: a weak match, shown after the good ones.
  if (qWords.length >= 3 && matched >= qWords.length - 1) return 20 * (quality / qWords.length);
  return 0;
}

/** True when `a` and `b` differ only by one swap of neighbouring letters ("breakign"). */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  return (
    diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
  );
}

/** True when `q` is `t` with up to `dropped` letters left out ("brakng" in "breaking"). */
function isDropped(q: string, t: string, dropped: number): boolean {
  if (t.length - q.length < 1 || t.length - q.length > dropped) return false;
  let i = 0;
  for (const ch of t) if (ch === q[i]) i++;
  return i === q.length;
}

/**
 * One typo in a word of 4+ letters: a wrong, extra or missing letter, or two neighbours
 * swapped. Fast typing also drops letters: up to two may be missing from a word of 5+ letters.
 */
function isTypo(q: string, t: string): boolean {
  const n = [...q].length;
  if (n < 4) return false;
  if (distance(q, t) <= 1 || isTransposition(q, t)) return true;
  return n >= 5 && isDropped(q, t, 2);
}

/** 1 exact, 0.9 prefix, 0.7 typo of the word (or of its start while typing), 0 no match. */
function wordScore(q: string, t: string, isLast: boolean): number {
  if (q === t) return 1;
  if (t.startsWith(q) && (isLast || q.length >= 3)) return 0.9;
  if (q.length < 4) return 0;
  // Lengths tell most pairs apart before any edit distance is computed.
  const diff = t.length - q.length;
  if (diff >= -1 && diff <= 2 && isTypo(q, t)) return 0.7;
  if (isLast && diff > 0 && isTypo(q, t.slice(0, q.length))) return 0.6;
  return 0;
}

/** The best score of any of a show's titles (its search text holds them all). */
export function showScore(query: string, searchText: string): number {
  let best = 0;
  for (const title of searchText.split(TITLE_SEPARATOR))
    best = Math.max(best, titleScore(query, title));
  return best;
}

/**
 * Final relevance: the title match, with popularity (community first, then catalogue) blended in
 * just enough to order near-ties — it never lifts a worse match above a better one by more than
 * a few points.
 */
export function relevance(match: number, totalUsers: number, popularity: number): number {
  const pop = Math.min(1, Math.log10(1 + totalUsers) / 4) * 3 + Math.min(1, popularity / 120) * 4;
  return Math.round((match + pop) * 100) / 100;
}
