/**
 * The line under a show's title (ADR 120). The API's `title` is the display title (English,
 * else a romaji or Latin title, else the native one); the native title goes under it when it
 * differs, else the English title when that differs (spec §2: "English title if different").
 */
interface Titled {
  title: string;
  titleEnglish: string | null;
  titleOriginal?: string | null;
  titleJapanese?: string | null;
}

const same = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function showSubtitle(show: Titled): { text: string; lang?: string } | null {
  const native = show.titleOriginal ?? show.titleJapanese ?? null;
  if (native && !same(native, show.title)) {
    return { text: native, lang: show.titleJapanese === native ? 'ja' : undefined };
  }
  if (show.titleEnglish && !same(show.titleEnglish, show.title)) return { text: show.titleEnglish };
  return null;
}
