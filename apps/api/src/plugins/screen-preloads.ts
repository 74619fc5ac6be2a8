import fs from 'node:fs';
import path from 'node:path';

/**
 * The screen's code in the page (issue 32, ADR 187): the web build writes
 * route-preloads.json (each screen's chunks beyond what the entry preloads), and the page for
 * a path that opens one of the main screens lists them as modulepreload links, so a first visit
 * fetches them with the entry rather than one round trip after the entry has run.
 */

/** Paths of the screens a first visit most often opens (apps/web/src/app/routes.tsx). */
const screens: [RegExp, string][] = [
  [/^\/$/, 'home'],
  [/^\/show\/\d{1,10}\/?$/, 'show'],
  [/^\/episode\/\d{1,10}\/?$/, 'episode'],
  [/^\/search\/?$/, 'search'],
  [/^\/reviews\/?$/, 'reviews'],
  [/^\/review\/\d{1,10}\/?$/, 'review'],
  [/^\/lists\/?$/, 'lists'],
  [/^\/list\/\d{1,10}\/?$/, 'list'],
  [/^\/watchlist\/?$/, 'watchlist'],
];

/** The screen a request's path opens, when it is one of those. */
export function screenOf(url: string): string | null {
  const pathname = url.split(/[?#]/, 1)[0]!;
  return screens.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** `{ screen: files }` from the build; none when the file is missing or not what it should be. */
export function readScreenPreloads(webDistDir: string): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(
      fs.readFileSync(path.join(webDistDir, 'route-preloads.json'), 'utf8'),
    );
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string[]] =>
          Array.isArray(entry[1]) &&
          entry[1].every(
            (file) => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file),
          ),
      ),
    );
  } catch {
    return {};
  }
}

/** The page with a modulepreload link per file, at the end of its head. */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}
