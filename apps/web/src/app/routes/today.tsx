import { CalendarClock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import {
  type AiringShow,
  type TodayPage,
  useTodayShowPages,
} from '@/features/shows/api/get-today-shows';
import { AiringShowCard } from '@/features/shows/components/airing-show-card';
import type { TodayNavigationState } from '@/features/shows/components/new-episodes-today';
import { ShowPosterCardSkeleton } from '@/features/shows/components/show-poster-card';
import { errorReason } from '@/lib/api-client';
import { localIsoDate } from '@/lib/format';
import { pageTitle } from '@/lib/site';

export const TODAY_SKELETONS = 8;

/** Page 1 from the home page's navigation state, when it carried a non-empty list for today. */
function seedFrom(state: unknown, date: string): TodayPage | undefined {
  const value = state as Partial<TodayNavigationState> | null | undefined;
  const shows = value?.newEpisodes;
  if (!Array.isArray(shows) || shows.length === 0) return undefined;
  const page = value?.newEpisodesPage;
  if (page && page.date !== date) return undefined;
  return {
    data: shows as AiringShow[],
    total: page?.total ?? shows.length,
    limit: page?.limit ?? shows.length,
    offset: 0,
    hasMore: page?.hasMore ?? false,
    date,
  };
}

/** /today (spec §2): today's shows, in the viewer's local date. */
export function TodayRoute() {
  const intl = useIntl();
  const date = localIsoDate();
  const location = useLocation();
  const query = useTodayShowPages(date, seedFrom(location.state, date));
  const shows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const heading = intl.formatMessage({
    id: 'home.today.heading',
    defaultMessage: "Today's New Episodes",
  });

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(heading)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{heading}</h1>
      {/* A line tall even when empty (a failed load), so nothing below moves. */}
      <p className="mt-1 min-h-5 text-sm text-slate-400" aria-live="polite">
        {query.isPending ? (
          <FormattedMessage id="home.today.loading" defaultMessage="Loading..." />
        ) : query.isError && !query.isFetchNextPageError ? null : (
          <FormattedMessage
            id="home.today.subtitle"
            defaultMessage="{count, plural, =0 {No shows have new episodes today.} one {# show has new episodes today.} other {# shows have new episodes today.}}"
            values={{ count: total }}
          />
        )}
      </p>

      <div className="mt-8">
        {query.isPending ? (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
            {Array.from({ length: TODAY_SKELETONS }, (_, i) => (
              <ShowPosterCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError && !query.isFetchNextPageError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : shows.length === 0 ? (
          <EmptyState
            icon={CalendarClock}
            title={intl.formatMessage({
              id: 'home.today.emptyTitle',
              defaultMessage: 'No New Episodes Today',
            })}
            message={intl.formatMessage({
              id: 'home.today.emptyMessage',
              defaultMessage: 'Check back later for updates!',
            })}
            link={{
              to: '/browse',
              label: intl.formatMessage({ id: 'home.browseShows', defaultMessage: 'Browse Shows' }),
              variant: 'secondary',
            }}
          />
        ) : (
          <>
            <ItemList
              items={shows}
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
            >
              {(show) => <AiringShowCard show={show} />}
            </ItemList>
            {query.isFetchNextPageError ? (
              // The cards already loaded stay; the button below tries the next page again.
              <p role="alert" className="mt-8 text-center text-sm text-rose-300">
                <FormattedMessage
                  id="home.today.moreFailed"
                  defaultMessage="Could not load more episodes: {reason}."
                  values={{ reason: errorReason(query.error) }}
                />
              </p>
            ) : null}
            <LoadMore
              query={query}
              label={
                <FormattedMessage id="home.today.seeMore" defaultMessage="See More Episodes" />
              }
              size="lg"
              className="mt-10"
            />
          </>
        )}
      </div>
    </div>
  );
}
