import type { ShowSummary } from '@series-tracker/contracts';
import { Flame, Tv, Users } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Rating } from '@/components/ui/rating';
import { BackdropImage, HeroCover } from './show-hero-parts';
import { HeroSkeleton } from './hero-skeleton';
import { genreName } from '@/lib/genre-name';

/** The home page hero: the #1 trending show (spec §2 Home). */
export function TrendingHero({
  show,
  basis,
}: {
  show: ShowSummary;
  basis: 'activity' | 'catalogue';
}) {
  const backdrop = show.backdropImageUrl;
  const synopsis = show.synopsis ?? show.description;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden border-b border-slate-800/60"
    >
      {backdrop ? <BackdropImage src={backdrop} className="opacity-30" /> : null}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_80%_at_20%_0%,rgba(124,58,237,0.28),transparent_70%),linear-gradient(to_top,var(--color-slate-950),transparent_60%)]"
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:gap-10 sm:px-6 sm:py-14">
        <HeroCover show={show} />
        <div className="min-w-0 flex-1">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-violet-500/15 px-3 py-1 text-xs font-bold tracking-wide text-violet-300 uppercase">
            <Flame aria-hidden className="size-3.5" />
            <FormattedMessage id="shows.trendingNow" defaultMessage="#1 Trending Now" />
          </p>
          {basis === 'catalogue' ? (
            <p className="mt-2 text-xs text-slate-400">
              <FormattedMessage
                id="shows.trendingCatalogueBasis"
                defaultMessage="Most popular in the catalogue — community trends appear once members start tracking."
              />
            </p>
          ) : null}
          <h2
            id="hero-title"
            className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl"
          >
            {show.title}
          </h2>
          <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-300">
            <li>
              <Rating value={show.averageRating} size="lg" />
            </li>
            {show.episodes !== null ? (
              <li className="inline-flex items-center gap-1.5">
                <Tv aria-hidden className="size-4 text-slate-400" />
                <FormattedMessage
                  id="shows.episodeCount"
                  defaultMessage="{count, plural, one {# episode} other {# episodes}}"
                  values={{ count: show.episodes }}
                />
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1.5">
              <Users aria-hidden className="size-4 text-slate-400" />
              <FormattedMessage
                id="shows.watchingCount"
                defaultMessage="{count, number} watching"
                values={{ count: show.totalUsers }}
              />
            </li>
            {show.genres.length > 0 ? (
              <li className="text-slate-400">
                {show.genres.slice(0, 3).map(genreName).join(' · ')}
              </li>
            ) : null}
          </ul>
          {synopsis ? (
            <p className="mt-4 line-clamp-4 max-w-2xl leading-relaxed text-pretty text-slate-300">
              {synopsis}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/show/${show.id}`} className={buttonStyles({ size: 'lg' })}>
              <FormattedMessage id="shows.viewDetails" defaultMessage="View Details" />
            </Link>
            <Link to="/search" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
              <FormattedMessage id="shows.browseShows" defaultMessage="Browse Shows" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function TrendingHeroSkeleton() {
  return <HeroSkeleton kind="trending" />;
}
