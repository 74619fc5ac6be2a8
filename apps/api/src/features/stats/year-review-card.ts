import type { Locale, YearReview } from '@series-tracker/contracts';
import { localize } from '../../lib/i18n/localize';
import { msg } from '../../lib/i18n/text';

/**
 * The year in review as link previews see it (issue 29, ADR 180): a 1200×630 card drawn as
 * SVG (rendered to PNG with sharp, which the avatars already use: crawlers rarely take SVG),
 * and the page's Open Graph tags put into the SPA's index.html, which otherwise has none.
 */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const monthNames = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

/** The page's description, in the visitor's language (issue 31). */
export function yearSummaryLine(r: YearReview, locale: Locale = 'en'): string {
  const year = String(r.year);
  if (!r.plays) return localize(locale, msg('stats.yearSummaryNone', { year }));
  const counts = localize(
    locale,
    msg('stats.yearSummary', { episodes: r.episodes, hours: r.hours, shows: r.shows }),
  );
  const top = r.topShows[0];
  return top
    ? `${counts} ${localize(locale, msg('stats.yearTopShow', { title: top.title }))}`
    : counts;
}

/** The page's title, in the visitor's language. */
export function yearPageTitle(r: YearReview, locale: Locale = 'en'): string {
  const who = r.user.displayName || r.user.username;
  return localize(locale, msg('stats.yearPageTitle', { who, year: String(r.year) }));
}

export function yearCardSvg(r: YearReview): string {
  const name = clip(r.user.displayName || r.user.username, 28);
  const max = Math.max(1, ...r.byMonth);
  const bars = r.byMonth
    .map((v, i) => {
      const h = Math.round((v / max) * 150);
      const x = 620 + i * 46;
      return `<rect x="${x}" y="${470 - h}" width="32" height="${Math.max(h, 2)}" rx="4" fill="#8b5cf6"/><text x="${x + 16}" y="500" font-size="20" fill="#94a3b8" text-anchor="middle">${monthNames[i]}</text>`;
    })
    .join('');
  const stat = (x: number, value: string, label: string) =>
    `<text x="${x}" y="330" font-size="64" font-weight="700" fill="#ffffff">${esc(value)}</text><text x="${x}" y="368" font-size="24" fill="#94a3b8">${label}</text>`;
  const top = r.topShows[0] ? `Top show: ${clip(r.topShows[0].title, 40)}` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="1200" height="630" fill="#020617"/>
<rect x="0" y="0" width="1200" height="10" fill="#7c3aed"/>
<text x="60" y="110" font-size="34" fill="#c4b5fd">Series Tracker · Year in review</text>
<text x="60" y="190" font-size="72" font-weight="700" fill="#ffffff">${esc(name)}’s ${r.year}</text>
${
  r.plays
    ? `${stat(60, r.episodes.toLocaleString('en-US'), 'episodes')}${stat(330, r.hours.toLocaleString('en-US'), 'hours')}
<text x="60" y="470" font-size="28" fill="#e2e8f0">${esc(top)}</text>
<text x="60" y="520" font-size="24" fill="#94a3b8">Longest streak: ${r.longestStreak.days} ${r.longestStreak.days === 1 ? 'day' : 'days'}</text>
${bars}`
    : `<text x="60" y="330" font-size="40" fill="#94a3b8">No episodes watched this year yet.</text>`
}
</svg>`;
}

/** index.html with this page's title and Open Graph / Twitter card tags. */
export function withMeta(
  html: string,
  meta: { title: string; description: string; url: string; image: string },
): string {
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Series Tracker" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:url" content="${esc(meta.url)}" />`,
    `<meta property="og:image" content="${esc(meta.image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${esc(meta.title)}</title>\n    ${tags}`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      `<meta name="description" content="${esc(meta.description)}" />`,
    );
}
