import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { siteSlogan } from '@/lib/site';
import { BrandMark, BrandName } from './brand';
import { LanguageSelect } from './language-select';

const externalLink =
  'rounded font-medium text-slate-300 underline decoration-slate-600 underline-offset-2 hover:text-white hover:decoration-violet-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';
// 24 px tall targets (WCAG 2.5.8, ADR 176).
const footerLink =
  'inline-flex min-h-6 items-center rounded text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

const labels = defineMessages({
  discover: { id: 'app.footer.discover', defaultMessage: 'Discover' },
  popular: { id: 'app.footer.popularSeries', defaultMessage: 'Popular Series' },
  topRated: { id: 'app.footer.topRated', defaultMessage: 'Top Rated' },
  newReleases: { id: 'app.footer.newReleases', defaultMessage: 'New Releases' },
  comingSoon: { id: 'app.footer.comingSoon', defaultMessage: 'Coming Soon' },
  newToday: { id: 'app.footer.newEpisodesToday', defaultMessage: 'New Episodes Today' },
  reviews: { id: 'app.footer.reviews', defaultMessage: 'Reviews' },
  site: { id: 'app.footer.site', defaultMessage: 'Site' },
  about: { id: 'app.footer.about', defaultMessage: 'About' },
  help: { id: 'app.footer.help', defaultMessage: 'Help' },
  privacy: { id: 'app.footer.privacy', defaultMessage: 'Privacy' },
  terms: { id: 'app.footer.terms', defaultMessage: 'Terms' },
});

const columns = [
  {
    title: labels.discover,
    links: [
      { label: labels.popular, to: '/browse?sort=popular' },
      { label: labels.topRated, to: '/browse?sort=top_rated' },
      { label: labels.newReleases, to: '/browse?sort=recent' },
      { label: labels.comingSoon, to: '/browse?status=upcoming' },
      { label: labels.newToday, to: '/today' },
      { label: labels.reviews, to: '/reviews' },
    ],
  },
  {
    title: labels.site,
    links: [
      { label: labels.about, to: '/about' },
      { label: labels.help, to: '/help' },
      { label: labels.privacy, to: '/privacy' },
      { label: labels.terms, to: '/terms' },
    ],
  },
] as const;

/** A data source's site, named inside a sentence (rich-text tag `<link>`). */
function sourceLink(href: string) {
  function SourceLink(chunks: ReactNode[]) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={externalLink}>
        {chunks}
      </a>
    );
  }
  return SourceLink;
}

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="border-t border-slate-800/80 bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="max-w-sm space-y-3">
          <p className="flex items-center gap-2.5 text-lg">
            <BrandMark className="size-7" />
            <BrandName />
          </p>
          <p className="text-sm leading-relaxed text-slate-400">{siteSlogan()}</p>
          <LanguageSelect className="pt-2" />
        </div>
        {columns.map((column) => {
          const title = intl.formatMessage(column.title);
          return (
            <nav key={column.title.id} aria-label={title}>
              <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {title}
              </h2>
              <ul className="mt-3 space-y-1 text-sm">
                {column.links.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={footerLink}>
                      {intl.formatMessage(item.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
        <div className="space-y-2 text-sm text-slate-400">
          <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            <FormattedMessage id="app.footer.dataSources" defaultMessage="Data sources" />
          </h2>
          <p>
            <FormattedMessage
              id="app.footer.tvData"
              defaultMessage="TV data from <link>TVmaze</link> (CC BY-SA 4.0)"
              values={{ link: sourceLink('https://www.tvmaze.com') }}
            />
          </p>
          <p>
            <FormattedMessage
              id="app.footer.animeData"
              defaultMessage="Anime data from <link>bangumi-data</link> (CC BY 4.0)"
              values={{ link: sourceLink('https://github.com/bangumi-data/bangumi-data') }}
            />
          </p>
          <p className="text-xs text-slate-500">
            <FormattedMessage
              id="app.footer.imagesFrom"
              defaultMessage="Images load from static.tvmaze.com."
            />
          </p>
        </div>
      </div>
      <div className="border-t border-slate-900">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 sm:px-6">
          <FormattedMessage
            id="app.footer.copyright"
            defaultMessage="© {year} Series Tracker"
            values={{ year: String(new Date().getFullYear()) }}
          />
        </p>
      </div>
    </footer>
  );
}
