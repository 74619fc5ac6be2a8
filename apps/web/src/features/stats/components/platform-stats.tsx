import { Film, ListOrdered, MessageSquareText, Star, Users } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatRating } from '@/lib/format';
import { useGlobalStats } from '../api/get-global-stats';

const labels = defineMessages({
  shows: { id: 'stats.platformShows', defaultMessage: 'Shows in catalogue' },
  members: { id: 'stats.platformMembers', defaultMessage: 'Members' },
  reviews: { id: 'stats.platformReviews', defaultMessage: 'Reviews' },
  lists: { id: 'stats.platformLists', defaultMessage: 'Lists' },
  rating: { id: 'stats.platformRating', defaultMessage: 'Average show rating' },
});

/** Live platform figures (GET /api/stats/global); zero really means zero. */
export function PlatformStats() {
  const intl = useIntl();
  const query = useGlobalStats();
  const { data, isPending, isError } = query;
  const tiles = data
    ? [
        { icon: Film, label: labels.shows, value: formatCount(data.totalShows) },
        { icon: Users, label: labels.members, value: formatCount(data.totalUsers) },
        { icon: MessageSquareText, label: labels.reviews, value: formatCount(data.totalReviews) },
        { icon: ListOrdered, label: labels.lists, value: formatCount(data.totalLists) },
        { icon: Star, label: labels.rating, value: formatRating(data.averageRating) },
      ]
    : [];

  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="text-xl font-bold tracking-tight text-white sm:text-2xl">
        <FormattedMessage id="stats.platformHeading" defaultMessage="Platform Statistics" />
      </h2>
      {/* A failed refresh keeps the figures shown (ADR 176). */}
      <QueryRefreshError query={query} className="mt-4" />
      {isError && !data ? (
        <QueryErrorState
          query={query}
          title={intl.formatMessage({
            id: 'stats.platformLoadFailed',
            defaultMessage: 'Could not load the statistics',
          })}
          headingLevel={3}
          className="mt-4 py-8"
        />
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {isPending
            ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-24 rounded-xl" />)
            : tiles.map(({ icon: Icon, label, value }) => (
                <div
                  key={label.id}
                  className="rounded-xl border border-slate-800 bg-slate-900/50 p-4"
                >
                  <dt className="flex items-center gap-2 text-xs font-medium text-slate-400">
                    <Icon aria-hidden className="size-4 text-violet-300" />
                    {intl.formatMessage(label)}
                  </dt>
                  <dd className="mt-2 text-2xl font-bold text-white tabular-nums">{value}</dd>
                </div>
              ))}
        </dl>
      )}
    </section>
  );
}
