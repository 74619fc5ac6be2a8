import { CalendarClock } from 'lucide-react';
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

function subtitle(count: number): string {
  if (count === 0) return 'No shows have new episodes today.';
  return `${count} ${count === 1 ? 'show has' : 'shows have'} new episodes today.`;
}

/** /today (spec §2): today's shows, in the viewer's local date. */
export function TodayRoute() {
  const date = localIsoDate();
  const location = useLocation();
  const query = useTodayShowPages(date, seedFrom(location.state, date));
  const shows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle("Today's New Episodes")}</title>
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Today&apos;s New Episodes
      </h1>
      <p className="mt-1 text-sm text-slate-400" aria-live="polite">
        {query.isPending
          ? 'Loading...'
          : query.isError && !query.isFetchNextPageError
            ? '\u00a0'
            : subtitle(total)}
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
            title="No New Episodes Today"
            message="Check back later for updates!"
            link={{ to: '/browse', label: 'Browse Shows', variant: 'secondary' }}
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
                Could not load more episodes: {errorReason(query.error)}.
              </p>
            ) : null}
            <LoadMore query={query} label="See More Episodes" size="lg" className="mt-10" />
          </>
        )}
      </div>
    </div>
  );
}
