import { Link } from 'react-router';
import { SITE_SLOGAN } from '@/lib/site';
import { BrandMark, BrandName } from './brand';
import { LanguageSelect } from './language-select';

const externalLink =
  'rounded font-medium text-slate-300 underline decoration-slate-600 underline-offset-2 hover:text-white hover:decoration-violet-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';
// 24 px tall targets (WCAG 2.5.8, ADR 176).
const footerLink =
  'inline-flex min-h-6 items-center rounded text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

const columns = [
  {
    title: 'Discover',
    links: [
      { label: 'Popular Series', to: '/browse?sort=popular' },
      { label: 'Top Rated', to: '/browse?sort=top_rated' },
      { label: 'New Releases', to: '/browse?sort=recent' },
      { label: 'Coming Soon', to: '/browse?status=upcoming' },
      { label: 'New Episodes Today', to: '/today' },
      { label: 'Reviews', to: '/reviews' },
    ],
  },
  {
    title: 'Site',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Help', to: '/help' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="border-t border-slate-800/80 bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="max-w-sm space-y-3">
          <p className="flex items-center gap-2.5 text-lg">
            <BrandMark className="size-7" />
            <BrandName />
          </p>
          <p className="text-sm leading-relaxed text-slate-400">{SITE_SLOGAN}</p>
          <LanguageSelect className="pt-2" />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {column.links.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className={footerLink}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="space-y-2 text-sm text-slate-400">
          <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Data sources
          </h2>
          <p>
            TV data from{' '}
            <a
              href="https://www.tvmaze.com"
              target="_blank"
              rel="noopener noreferrer"
              className={externalLink}
            >
              TVmaze
            </a>{' '}
            (CC BY-SA 4.0)
          </p>
          <p>
            Anime data from{' '}
            <a
              href="https://github.com/bangumi-data/bangumi-data"
              target="_blank"
              rel="noopener noreferrer"
              className={externalLink}
            >
              bangumi-data
            </a>{' '}
            (CC BY 4.0)
          </p>
          <p className="text-xs text-slate-500">Images load from static.tvmaze.com.</p>
        </div>
      </div>
      <div className="border-t border-slate-900">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 sm:px-6">
          © {new Date().getFullYear()} Series Tracker
        </p>
      </div>
    </footer>
  );
}
