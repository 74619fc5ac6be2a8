import { CalendarDays, Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { AfterPaint } from '@/components/ui/after-paint';
import { buttonStyles } from '@/components/ui/button';
import { CoverImage, imageSources } from '@/components/ui/cover-image';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { Rating } from '@/components/ui/rating';
import { Skeleton } from '@/components/ui/skeleton';
import { useEpisode } from '@/features/episodes/api/get-episode';
import { EpisodeNeighbours } from '@/features/episodes/components/episode-neighbours';
import { EpisodePlays } from '@/features/tracking/components/episode-plays';
import { EpisodeWatchButton, hasAired } from '@/features/tracking/components/episode-tracking';
import { HiddenStill, HiddenSummary } from '@/features/spoilers/components/hidden-summary';
import { ShowSpoilersSwitch } from '@/features/spoilers/components/show-spoilers-switch';
import { useShowSpoilers } from '@/features/spoilers/hooks/use-show-spoilers';
import { episodeDisplayTitle } from '@/features/episodes/components/episode-title';
import { cn } from '@/lib/cn';
import { episodeCode, formatAirDate } from '@/lib/format';
import { pageTitle } from '@/lib/site';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { LoadErrorPage, StatusPage } from './not-found';
import { isNotFound, parseId } from './route-id';

// The reviews (and their Radix dialog) sit below the overview: their code loads once the
// episode has painted (ADR 020).
const EpisodeReviews = lazy(() =>
  import('@/features/reviews/components/episode-reviews').then((m) => ({
    default: m.EpisodeReviews,
  })),
);

export function EpisodeNotFound() {
  const { formatMessage } = useIntl();
  return (
    <StatusPage
      title={formatMessage({ id: 'episodes.notFoundTitle', defaultMessage: 'Episode Not Found' })}
      message={formatMessage({
        id: 'episodes.notFoundMessage',
        defaultMessage: "The episode you're looking for doesn't exist.",
      })}
    >
      <Link to="/search" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
        <FormattedMessage id="episodes.browseShows" defaultMessage="Browse Shows" />
      </Link>
    </StatusPage>
  );
}

export function EpisodeRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <EpisodeNotFound />;
  return <EpisodePage id={id} />;
}

function EpisodePage({ id }: { id: number }) {
  const query = useEpisode(id);
  const { formatMessage } = useIntl();
  const spoilers = useShowSpoilers(query.data?.show.id ?? null);

  if (query.isPending) {
    return (
      <div
        className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8 sm:px-6"
        data-testid="episode-skeleton"
      >
        <Skeleton className="h-4 w-64" />
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  // A failed refresh keeps the page (ADR 162).
  if (query.isLoadingError) {
    if (isNotFound(query.error)) return <EpisodeNotFound />;
    return (
      <LoadErrorPage
        title={formatMessage({
          id: 'episodes.loadFailed',
          defaultMessage: 'Could not load this episode',
        })}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const episode = query.data;
  const show = episode.show;
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const aired = formatAirDate(episode.airDate);
  // An unwatched episode of a protected member (ADR 181): "Episode N", no still, no overview.
  const hidden = spoilers.isHidden(episode.id);
  const title = episodeDisplayTitle(episode, hidden);
  const stillClass = 'mt-6 aspect-video w-full rounded-2xl border border-slate-800';

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
      <title>
        {pageTitle(
          formatMessage(
            { id: 'episodes.pageTitle', defaultMessage: '{show} {code}: {title}' },
            { show: show.title, code, title },
          ),
        )}
      </title>
      <QueryRefreshError className="mb-4" query={query} />
      <Breadcrumb
        links={[
          {
            to: '/search',
            label: formatMessage({ id: 'episodes.breadcrumbSearch', defaultMessage: 'Search' }),
          },
          { to: `/show/${show.id}`, label: show.title, className: 'block max-w-[16rem] truncate' },
        ]}
        current={code}
      />

      {hidden ? (
        <HiddenStill className={cn(stillClass, '[&_svg]:size-12')} />
      ) : (
        <CoverImage
          {...(episode.stillPath || episode.stillThumbPath
            ? imageSources(episode.stillThumbPath, episode.stillPath, 'still')
            : { src: show.backdropImageUrl ?? show.coverImageUrl })}
          sizes="(min-width: 56rem) 53rem, calc(100vw - 2rem)"
          shape="still"
          title={formatMessage(
            { id: 'episodes.stillTitle', defaultMessage: '{show} {code}' },
            { show: show.title, code },
          )}
          priority
          className={cn(stillClass, '[&_svg]:size-12')}
        />
      )}

      <div className="mt-6 flex flex-wrap items-center gap-2 text-sm">
        {episode.seasonNumber !== null ? (
          <Chip>
            <FormattedMessage
              id="episodes.seasonNumber"
              defaultMessage="Season {number}"
              values={{ number: episode.seasonNumber }}
            />
          </Chip>
        ) : null}
        {episode.episodeNumber !== null ? (
          <Chip>
            <FormattedMessage
              id="episodes.numberedTitle"
              defaultMessage="Episode {number}"
              values={{ number: episode.episodeNumber }}
            />
          </Chip>
        ) : (
          <Chip>
            <FormattedMessage id="episodes.special" defaultMessage="Special" />
          </Chip>
        )}
        {episode.runtime ? (
          <Chip>
            <Clock aria-hidden className="size-3.5" />
            <FormattedMessage
              id="episodes.runtime"
              defaultMessage="{minutes, number} min"
              values={{ minutes: episode.runtime }}
            />
          </Chip>
        ) : null}
        {aired ? (
          <Chip>
            <CalendarDays aria-hidden className="size-3.5" />
            <FormattedMessage
              id="episodes.airedOn"
              defaultMessage="Aired {date}"
              values={{ date: aired }}
            />
          </Chip>
        ) : null}
        {episode.voteAverage !== null ? (
          <Chip>
            <Rating value={episode.voteAverage} />
            {episode.voteCount ? (
              <span className="text-slate-400">
                <FormattedMessage
                  id="episodes.votes"
                  defaultMessage="({count, plural, one {# vote} other {# votes}})"
                  values={{ count: episode.voteCount }}
                />
              </span>
            ) : null}
          </Chip>
        ) : null}
      </div>

      <h1
        dir="auto"
        className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
      >
        {title}
      </h1>
      <p className="mt-1 text-lg">
        <FormattedMessage
          id="episodes.showThenCode"
          defaultMessage="<show>{title}</show> <muted>· {code}</muted>"
          values={{
            title: show.title,
            code,
            show: (chunks) => (
              <Link
                to={`/show/${show.id}`}
                className="rounded font-medium text-violet-300 underline decoration-violet-300/50 underline-offset-4 hover:text-violet-200 hover:decoration-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
              >
                {chunks}
              </Link>
            ),
            muted: (chunks) => <span className="text-slate-500">{chunks}</span>,
          }}
        />
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2">
        <EpisodeWatchButton showId={show.id} episode={episode} code={code} />
        <ShowSpoilersSwitch guard={spoilers} />
      </div>
      <EpisodePlays episodeId={episode.id} aired={hasAired(episode)} />
      {/* Older cached answers may lack the neighbours: then there is simply no link. */}
      <EpisodeNeighbours
        previous={episode.previousEpisode ?? null}
        next={episode.nextEpisode ?? null}
        isHidden={spoilers.isHidden}
      />

      <section aria-labelledby="overview-heading" className="mt-8">
        <h2 id="overview-heading" className="text-lg font-semibold text-white">
          <FormattedMessage id="episodes.overview" defaultMessage="Overview" />
        </h2>
        {hidden ? (
          <HiddenSummary
            className="mt-2"
            label={formatMessage(
              { id: 'episodes.revealCode', defaultMessage: 'Reveal {code}' },
              { code },
            )}
            onReveal={() => spoilers.reveal(episode.id)}
          />
        ) : (
          <p dir="auto" className="mt-2 leading-relaxed text-pretty text-slate-300">
            {episode.overview || (
              <FormattedMessage
                id="episodes.noOverview"
                defaultMessage="No overview available for this episode yet."
              />
            )}
          </p>
        )}
      </section>
      {episode.retired ? (
        <p role="note" className="mt-6 text-sm text-amber-200">
          <FormattedMessage
            id="episodes.retired"
            defaultMessage="This episode is no longer listed for {show}. It stays in your watch history."
            values={{ show: show.title }}
          />
        </p>
      ) : null}
      {/* Below the overview: it renders (and asks for its data) after the page has painted. */}
      <AfterPaint>
        <Suspense fallback={null}>
          <EpisodeReviews episodeId={episode.id} collapsed={spoilers.isSpoiler(episode.id)} />
        </Suspense>
      </AfterPaint>
    </div>
  );
}

function Chip({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-700 bg-slate-900 px-3 py-1 text-slate-200">
      {children}
    </span>
  );
}
