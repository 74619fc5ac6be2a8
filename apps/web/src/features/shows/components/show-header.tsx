import type { ShowDetail } from '@series-tracker/contracts';
import { Tv, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Rating } from '@/components/ui/rating';
import { StatusBadge } from '@/components/ui/status-badge';
import { yearOf } from '@/lib/format';
import { ShowSubtitle } from '@/components/media/show-subtitle';
import { BackdropImage, HeroCover } from './show-hero-parts';
import { HeroSkeleton } from './hero-skeleton';
import { genreName } from '@/lib/genre-name';

/** Backdrop, cover, titles, rating, episode count, status and genres (spec §2 Show detail). */
export function ShowHeader({
  show,
  actions,
}: {
  show: ShowDetail;
  /** Tracking controls, composed by the route. */ actions?: ReactNode;
}) {
  const { formatMessage } = useIntl();
  const start = yearOf(show.startDate);
  const end = yearOf(show.endDate);
  const years = start
    ? end && end !== start
      ? `${start}–${end}`
      : show.status === 'airing'
        ? `${start}–`
        : start
    : null;
  return (
    <header className="relative isolate overflow-hidden border-b border-slate-800/60">
      {/* Default backdrop: a gradient; a real backdrop image sits on top of it when there is one. */}
      <div
        aria-hidden
        data-testid="default-backdrop"
        className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_80%_90%_at_15%_0%,rgba(124,58,237,0.35),transparent_65%),radial-gradient(ellipse_60%_70%_at_90%_10%,rgba(56,189,248,0.12),transparent_70%)]"
      />
      {show.backdropImageUrl ? (
        <BackdropImage src={show.backdropImageUrl} className="opacity-35" />
      ) : null}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950 via-slate-950/70 to-transparent"
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-10 pb-8 sm:flex-row sm:items-end sm:gap-8 sm:px-6 sm:pt-16">
        <HeroCover show={show} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
            <StatusBadge status={show.status} lastKnown={show.lastKnownStatus} />
            <span>
              {show.kind === 'anime' ? (
                <FormattedMessage id="shows.kindAnime" defaultMessage="Anime" />
              ) : (
                <FormattedMessage id="shows.kindTvSeries" defaultMessage="TV series" />
              )}
            </span>
            {years ? (
              <span>
                <FormattedMessage
                  id="shows.afterDot"
                  defaultMessage="· {text}"
                  values={{ text: years }}
                />
              </span>
            ) : null}
            {show.network ? (
              <span>
                <FormattedMessage
                  id="shows.afterDot"
                  defaultMessage="· {text}"
                  values={{ text: show.network }}
                />
              </span>
            ) : null}
          </div>
          <h1
            dir="auto"
            className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl lg:text-5xl"
          >
            {show.title}
          </h1>
          <ShowSubtitle show={show} className="mt-1 text-lg text-slate-300" />
          <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-300">
            <li className="inline-flex items-center gap-2">
              <Rating value={show.averageRating} size="lg" />
              {/* Which rating this is (ADR 070): members' once three rated it, else the catalogue's. */}
              {show.ratingSource === 'members' ? (
                <span className="text-xs text-slate-400">
                  <FormattedMessage
                    id="shows.membersRating"
                    defaultMessage="members' rating ({count, number})"
                    values={{ count: show.memberRatingCount ?? 0 }}
                  />
                </span>
              ) : show.ratingSource === 'catalogue' && show.averageRating !== null ? (
                <span className="text-xs text-slate-400">
                  <FormattedMessage id="shows.catalogueRating" defaultMessage="catalogue rating" />
                </span>
              ) : null}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Tv aria-hidden className="size-4 text-slate-400" />
              {show.episodes !== null ? (
                <FormattedMessage
                  id="shows.episodeCount"
                  defaultMessage="{count, plural, one {# episode} other {# episodes}}"
                  values={{ count: show.episodes }}
                />
              ) : (
                <FormattedMessage
                  id="shows.episodeCountUnknown"
                  defaultMessage="Episode count unknown"
                />
              )}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Users aria-hidden className="size-4 text-slate-400" />
              <FormattedMessage
                id="shows.membersTrack"
                defaultMessage="{count, plural, one {# member tracks this} other {# members track this}}"
                values={{ count: show.totalUsers }}
              />
            </li>
          </ul>
          {show.genres.length > 0 ? (
            <ul
              className="mt-4 flex flex-wrap gap-2"
              aria-label={formatMessage({ id: 'shows.genres', defaultMessage: 'Genres' })}
            >
              {show.genres.map((genre) => (
                <li key={genre}>
                  <Link
                    to={`/browse?${new URLSearchParams({ genre }).toString()}`}
                    className="rounded-full border border-slate-700 bg-slate-900/70 px-3 py-1 text-xs font-medium text-slate-200 hover:border-violet-500/60 hover:text-white"
                  >
                    {genreName(genre)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {actions ? <div className="mt-6">{actions}</div> : null}
        </div>
      </div>
    </header>
  );
}

export function ShowHeaderSkeleton() {
  return <HeroSkeleton kind="show" />;
}
