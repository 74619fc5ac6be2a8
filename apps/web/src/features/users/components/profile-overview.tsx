import type { ProfileUser } from '@series-tracker/contracts';
import { CalendarDays } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ProfileLoadError } from './profile-section-list';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserActivity } from '@/features/activity/api/feed';
import { ActivityList } from '@/features/activity/components/activity-list';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileSeasonRatings } from '@/features/reviews/components/profile-season-ratings';
import { yearPath } from '@/features/stats/api/year-review';
import { useUserFavorites, useUserStats } from '../api/people';
import { FavoritesGrid } from './profile-favorites';
import { ProfileStats } from './profile-stats';

/** The Overview tab: statistics by year, recent activity, favourites, season ratings. */
export function ProfileOverview({ user }: { user: ProfileUser }) {
  const [year, setYear] = useState<number | null>(null);
  const stats = useUserStats(user.id, year, true);
  const { user: me } = useAuth();
  const shownYear = year ?? stats.data?.years[0] ?? null;
  const activity = useUserActivity(user.id, true);
  const favorites = useUserFavorites(user.id, true);
  const intl = useIntl();
  return (
    <div className="space-y-10">
      <OverviewSection
        title={intl.formatMessage({ id: 'users.libraryStats', defaultMessage: 'Library Stats' })}
        action={
          stats.data && stats.data.years.length > 0 ? (
            <label className="flex items-center gap-2 text-sm text-slate-400">
              <FormattedMessage id="users.year" defaultMessage="Year" />
              <select
                className="h-9 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100"
                value={year ?? ''}
                onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">
                  {intl.formatMessage({ id: 'users.allTime', defaultMessage: 'All time' })}
                </option>
                {stats.data.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          ) : null
        }
      >
        {shownYear !== null ? (
          <Link
            // The owner's own page counts on this device's clock when they saved no zone.
            to={me?.id === user.id ? `/year/${shownYear}` : yearPath(user.username, shownYear)}
            className="inline-flex h-9 items-center gap-1.5 text-sm font-medium text-violet-300 hover:text-violet-200"
          >
            <CalendarDays aria-hidden className="size-4" />
            <FormattedMessage
              id="users.yearInReview"
              defaultMessage="{year} in review"
              // A year, not an amount: no digit grouping.
              values={{ year: String(shownYear) }}
            />
          </Link>
        ) : null}
        {stats.isPending ? (
          <Skeleton className="h-40 rounded-xl" />
        ) : stats.isError ? (
          <ProfileLoadError
            query={stats}
            title={intl.formatMessage({
              id: 'users.statsFailed',
              defaultMessage: 'Could not load the statistics',
            })}
            headingLevel={3}
          />
        ) : (
          <ProfileStats stats={stats.data} />
        )}
      </OverviewSection>
      <OverviewSection
        title={intl.formatMessage({
          id: 'users.recentActivity',
          defaultMessage: 'Recent Activity',
        })}
        action={
          (activity.data?.pages[0]?.data.length ?? 0) > 0 ? (
            <Link
              to="?tab=activity"
              className="text-sm font-medium text-violet-300 hover:text-violet-200"
            >
              <FormattedMessage id="users.viewAll" defaultMessage="View all" />
            </Link>
          ) : null
        }
      >
        <ActivityList
          query={{
            ...activity,
            data: activity.data && {
              pages: [{ data: activity.data.pages[0]?.data.slice(0, 5) ?? [] }],
            },
          }}
          emptyTitle={intl.formatMessage({
            id: 'users.noRecentActivity',
            defaultMessage: 'No recent activity.',
          })}
          showUser={false}
          skeletons={3}
          more={<></>}
        />
      </OverviewSection>
      <OverviewSection
        title={intl.formatMessage({ id: 'users.favoriteShows', defaultMessage: 'Favorite Shows' })}
      >
        <FavoritesGrid query={favorites} limit={6} />
      </OverviewSection>
      <OverviewSection
        title={intl.formatMessage({ id: 'users.seasonRatings', defaultMessage: 'Season Ratings' })}
      >
        <ProfileSeasonRatings userId={user.id} />
      </OverviewSection>
    </div>
  );
}

/** A titled block of the Overview, with an optional control beside the title. */
function OverviewSection({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
