import { ArrowRight, CalendarClock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { localIsoDate } from '@/lib/format';
import { useTodayShows, type AiringShow } from '../api/get-today-shows';
import { AiringShowCard } from './airing-show-card';
import { ShowPosterCardSkeleton } from './show-poster-card';

/** Spec §9: at most 4 cards on the home page. */
export const HOME_NEW_EPISODES_LIMIT = 4;

/** Navigation state the home page hands to /today so it need not fetch page 1 again. */
export interface TodayNavigationState {
  newEpisodes: AiringShow[];
  newEpisodesPage?: { total: number; hasMore: boolean; date: string; limit: number };
}

export function NewEpisodesToday() {
  const { formatMessage } = useIntl();
  const date = localIsoDate();
  const query = useTodayShows(date);
  const { data, isPending, isError } = query;
  const shows = data?.data ?? [];
  const state: TodayNavigationState | undefined = data
    ? {
        newEpisodes: data.data,
        newEpisodesPage: {
          total: data.total,
          hasMore: data.hasMore,
          date: data.date,
          limit: data.limit,
        },
      }
    : undefined;

  return (
    <section aria-labelledby="today-heading">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="today-heading" className="text-xl font-bold tracking-tight text-white sm:text-2xl">
          <FormattedMessage id="shows.newEpisodesToday" defaultMessage="New Episodes Today" />
        </h2>
        {shows.length > 0 ? (
          <Link
            to="/today"
            state={state}
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            <FormattedMessage id="shows.viewMore" defaultMessage="View more" />
            <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
          </Link>
        ) : null}
      </div>
      {/* A failed refresh keeps what is shown (ADR 176). */}
      <QueryRefreshError query={query} className="mb-4" />
      {isPending ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {Array.from({ length: HOME_NEW_EPISODES_LIMIT }, (_, i) => (
            <ShowPosterCardSkeleton key={i} />
          ))}
        </div>
      ) : isError && !data ? (
        // A failed request is not "no episodes today" (ADR 031).
        <QueryErrorState
          query={query}
          title={formatMessage({
            id: 'shows.todayLoadFailed',
            defaultMessage: "Could not load today's episodes",
          })}
          headingLevel={3}
          className="py-10"
        />
      ) : shows.length === 0 ? (
        <EmptyState
          icon={CalendarClock}
          headingLevel={3}
          title={formatMessage({
            id: 'shows.noNewEpisodesToday',
            defaultMessage: 'No New Episodes Today',
          })}
          message={formatMessage({
            id: 'shows.checkBackLater',
            defaultMessage: 'Check back later for updates!',
          })}
          className="py-10"
        />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {shows.slice(0, HOME_NEW_EPISODES_LIMIT).map((show) => (
            <li key={show.id}>
              <AiringShowCard show={show} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
