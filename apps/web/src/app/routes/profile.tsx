import type { PersonalStats, ProfileUser } from '@series-tracker/contracts';
import { CalendarDays, Heart, ListOrdered, Lock, MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { RefreshError } from '@/components/ui/refresh-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useUserActivity } from '@/features/activity/api/feed';
import { ActivityList } from '@/features/activity/components/activity-list';
import { ProfileMoreMenu } from '@/features/social/components/profile-more-menu';
import { ProfileFollowToggle } from '@/features/social/components/follow-button';
import { ListCard } from '@/features/lists/components/list-card';
import {
  useProfile,
  useUserFavorites,
  useUserLists,
  useUserReviews,
  useUserStats,
  type UserFavorite,
} from '@/features/users/api/people';
import { ProfileReviewCard } from '@/features/users/components/profile-review-card';
import { ProfileSeasonRatings } from '@/features/reviews/components/profile-season-ratings';
import { yearPath } from '@/features/stats/api/year-review';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { pageTitle } from '@/lib/site';
import { useHistory } from '@/features/tracking/api/plays';
import { HistoryList } from '@/features/tracking/components/history-list';
import { StatusPage } from './not-found';

const ProfileCharts = lazy(() => import('@/features/stats/components/profile-charts'));

export const profileTabs = [
  'overview',
  'activity',
  'history',
  'favorites',
  'lists',
  'reviews',
] as const;
type ProfileTab = (typeof profileTabs)[number];
const tabLabels: Record<ProfileTab, string> = {
  overview: 'Overview',
  activity: 'Activity',
  history: 'History',
  favorites: 'Favorites',
  lists: 'Lists',
  reviews: 'Reviews',
};

/** 'Joined' month and full year, or 'Unknown' when missing or invalid (spec §2, §8). */
export function joinedLabel(createdAt: string | null | undefined): string {
  const t = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(t)) return 'Unknown';
  return new Date(t).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** /profile/{username} (spec §2 Profile). */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const [params, setParams] = useSearchParams();
  const tab = profileTabs.find((t) => t === params.get('tab')) ?? 'overview';

  if (profile.isPending) return <ProfileSkeleton />;
  // A failed refresh keeps the profile (ADR 162).
  if (profile.isLoadingError) {
    if (isApiError(profile.error) && profile.error.status === 404) {
      return (
        <StatusPage
          title="Profile Not Found"
          message="The user profile you're looking for doesn't exist."
        />
      );
    }
    return (
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <title>{pageTitle('Profile')}</title>
        <h1 className="sr-only">Profile</h1>
        <ErrorState
          title="Failed to load profile"
          error={profile.error}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      </div>
    );
  }
  const user = profile.data;
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(user.displayName || user.username)}</title>
      {profile.isRefetchError ? (
        <RefreshError
          className="mb-4"
          error={profile.error}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : null}
      <ProfileHeader user={user} />
      <div
        role="tablist"
        aria-label="Profile sections"
        className="mt-8 flex gap-0.5 overflow-x-auto border-b border-slate-800 sm:gap-1"
      >
        {profileTabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`profile-panel-${name}`}
            onClick={() => {
              if (name === tab) return;
              const next = new URLSearchParams(params);
              if (name === 'overview') next.delete('tab');
              else next.set('tab', name);
              // A history entry per tab (ADR 176): Back returns to the previous tab.
              setParams(next, { preventScrollReset: true });
            }}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-2 py-2.5 text-xs font-semibold whitespace-nowrap sm:px-4 sm:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
              tab === name
                ? 'border-violet-500 text-white'
                : 'border-transparent text-slate-400 hover:text-slate-200',
            )}
          >
            {tabLabels[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`profile-panel-${tab}`}
        aria-labelledby={`profile-tab-${tab}`}
        className="pt-6"
      >
        {user.detailsHidden ? (
          <EmptyState
            icon={Lock}
            title="This profile is private"
            message={`${user.displayName || user.username} keeps their watchlist, activity and statistics to themselves.`}
          />
        ) : tab === 'overview' ? (
          <Overview user={user} />
        ) : tab === 'activity' ? (
          <ActivityTab user={user} />
        ) : tab === 'history' ? (
          <HistoryTab user={user} />
        ) : tab === 'favorites' ? (
          <FavoritesTab user={user} />
        ) : tab === 'lists' ? (
          <ListsTab user={user} />
        ) : (
          <ReviewsTab user={user} />
        )}
      </div>
    </div>
  );
}

function ProfileHeader({ user }: { user: ProfileUser }) {
  const { user: me, status } = useAuth();
  const own = me?.username.toLowerCase() === user.username.toLowerCase();
  const name = user.displayName || user.username;
  const counters: { label: string; value: number; to?: string }[] = [
    { label: 'Followers', value: user.followersCount, to: `/profile/${user.username}/followers` },
    { label: 'Following', value: user.followingCount, to: `/profile/${user.username}/following` },
    { label: 'Reviews', value: user.reviewsCount },
    { label: 'Total Shows', value: user.showsCount },
  ];
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <Avatar user={user} size="lg" className="size-24 text-4xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1
              dir="auto"
              className="text-2xl font-bold tracking-tight break-words text-white sm:text-3xl"
            >
              {name}
            </h1>
            <p className="text-slate-400">@{user.username}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {own ? (
              <Link to="/settings" className={buttonStyles({ variant: 'secondary' })}>
                Edit Profile
              </Link>
            ) : status === 'authenticated' ? (
              <>
                {user.isBlocked ? null : <ProfileFollowToggle profile={user} />}
                {!user.detailsHidden && me ? (
                  <Link
                    to={`/compare?users=${encodeURIComponent(me.username)},${encodeURIComponent(user.username)}`}
                    className={buttonStyles({ variant: 'ghost' })}
                  >
                    Compare with me
                  </Link>
                ) : null}
                <ProfileMoreMenu profile={user} />
              </>
            ) : null}
          </div>
        </div>
        {user.bio ? (
          <p dir="auto" className="mt-3 max-w-2xl break-words text-slate-300">
            {user.bio}
          </p>
        ) : null}
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          {counters.map((c) => (
            <div key={c.label} className="flex items-baseline gap-1.5">
              <dd className="order-first font-bold text-white tabular-nums">
                {c.to ? (
                  <Link
                    to={c.to}
                    // A 24 px target around a one-digit count (WCAG 2.5.8, ADR 176).
                    className="-mx-1.5 inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1.5 hover:text-violet-300 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
                  >
                    {formatCount(c.value)}
                  </Link>
                ) : (
                  formatCount(c.value)
                )}
              </dd>
              <dt className="text-sm text-slate-400">{c.label}</dt>
            </div>
          ))}
        </dl>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-400">
          <CalendarDays aria-hidden className="size-4" />
          Joined {joinedLabel(user.createdAt)}
          {!user.isPublic ? (
            <span className="ml-2 inline-flex items-center gap-1 rounded-full border border-slate-700 px-2 py-0.5 text-xs text-slate-300">
              <Lock aria-hidden className="size-3" /> Private
            </span>
          ) : null}
        </p>
      </div>
    </header>
  );
}

/** Spec §9 library stat colours: over 200 green, over 100 blue, over 50 orange, else grey. */
export function libraryColor(n: number): string {
  if (n > 200) return 'text-emerald-300';
  if (n > 100) return 'text-sky-300';
  if (n > 50) return 'text-orange-300';
  return 'text-slate-200';
}

function Section({
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

function Overview({ user }: { user: ProfileUser }) {
  const [year, setYear] = useState<number | null>(null);
  const stats = useUserStats(user.id, year, true);
  const { user: me } = useAuth();
  const shownYear = year ?? stats.data?.years[0] ?? null;
  const activity = useUserActivity(user.id, true);
  const favorites = useUserFavorites(user.id, true);
  return (
    <div className="space-y-10">
      <Section
        title="Library Stats"
        action={
          stats.data && stats.data.years.length > 0 ? (
            <label className="flex items-center gap-2 text-sm text-slate-400">
              Year
              <select
                className="h-9 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100"
                value={year ?? ''}
                onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">All time</option>
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
            {`${shownYear} in review`}
          </Link>
        ) : null}
        {stats.isPending ? (
          <Skeleton className="h-40 rounded-xl" />
        ) : stats.isError ? (
          <ErrorState
            title="Could not load the statistics"
            error={stats.error}
            headingLevel={3}
            retrying={stats.isFetching}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <StatsBlock stats={stats.data} />
        )}
      </Section>
      <Section
        title="Recent Activity"
        action={
          (activity.data?.pages[0]?.data.length ?? 0) > 0 ? (
            <Link
              to="?tab=activity"
              className="text-sm font-medium text-violet-300 hover:text-violet-200"
            >
              View all
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
          emptyTitle="No recent activity."
          showUser={false}
          skeletons={3}
          more={<></>}
        />
      </Section>
      <Section title="Favorite Shows">
        <FavoritesGrid query={favorites} limit={6} />
      </Section>
      <Section title="Season Ratings">
        <ProfileSeasonRatings userId={user.id} />
      </Section>
    </div>
  );
}

function StatsBlock({ stats }: { stats: PersonalStats }) {
  const lib = [
    { label: 'Watching', value: stats.library.watching },
    { label: 'Completed', value: stats.library.completed },
    { label: 'Plan to Watch', value: stats.library.planToWatch },
    { label: 'On Hold', value: stats.library.onHold },
    { label: 'Dropped', value: stats.library.dropped },
  ];
  const figures = [
    { label: 'Episodes watched', value: formatCount(stats.episodesWatched) },
    { label: 'Hours watched', value: formatCount(Math.round(stats.hoursWatched)) },
    { label: 'Shows completed', value: formatCount(stats.showsCompleted) },
    {
      label: 'Longest streak',
      value: `${stats.longestStreak.days} ${stats.longestStreak.days === 1 ? 'day' : 'days'}`,
    },
  ];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {lib.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-800 bg-slate-900/50 p-3">
            <dt className="text-xs font-medium text-slate-400">{s.label}</dt>
            <dd className={cn('mt-1 text-2xl font-bold tabular-nums', libraryColor(s.value))}>
              {formatCount(s.value)}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-800 bg-slate-900/30 p-3">
            <dt className="text-xs font-medium text-slate-400">
              {s.label}
              {stats.year ? ` in ${stats.year}` : ''}
            </dt>
            <dd className="mt-1 text-xl font-bold text-white tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      {stats.topNetworks.length ? (
        <p className="text-sm text-slate-400">
          Top networks:{' '}
          <span className="text-slate-200">
            {stats.topNetworks
              .slice(0, 5)
              .map((n) => `${n.name} (${n.episodes})`)
              .join(', ')}
          </span>
        </p>
      ) : null}
      <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
        <ProfileCharts stats={stats} />
      </Suspense>
    </div>
  );
}

function ActivityTab({ user }: { user: ProfileUser }) {
  const activity = useUserActivity(user.id, true);
  return (
    <>
      <h2 className="sr-only">Activity</h2>
      <ActivityList query={activity} emptyTitle="No recent activity." showUser={false} />
    </>
  );
}

/** The member's diary (ADR 130): the server applies the profile's privacy too. */
function HistoryTab({ user }: { user: ProfileUser }) {
  const history = useHistory(user.id);
  return (
    <>
      <h2 className="sr-only">History</h2>
      <HistoryList
        query={history}
        headingLevel={3}
        emptyTitle="No plays yet."
        emptyMessage={`Episodes ${user.displayName || user.username} watches show up here by day.`}
      />
    </>
  );
}

function FavoritesTab({ user }: { user: ProfileUser }) {
  const favorites = useUserFavorites(user.id, true);
  return (
    <>
      <h2 className="sr-only">Favorites</h2>
      <FavoritesGrid query={favorites} />
    </>
  );
}

function FavoritesGrid({
  query,
  limit,
}: {
  query: ReturnType<typeof useUserFavorites>;
  limit?: number;
}) {
  if (query.isPending) {
    return (
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[2/3] rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load the favourites"
        error={query.error}
        headingLevel={3}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const all: UserFavorite[] = query.data.pages.flatMap((p) => p.data);
  const items = limit ? all.slice(0, limit) : all;
  if (items.length === 0)
    return <EmptyState icon={Heart} title="No favorites yet." headingLevel={3} />;
  return (
    <>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {items.map((f) => (
          <li key={f.id}>
            <Link to={`/show/${f.showId}`} className="group block">
              <CoverImage
                src={f.show.coverImageUrl}
                title={f.show.title}
                decorative
                className="aspect-[2/3] w-full rounded-lg"
              />
              <span className="mt-1.5 line-clamp-2 text-xs font-medium text-slate-200 group-hover:text-violet-300">
                {f.show.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {!limit && query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={buttonStyles({ variant: 'secondary' })}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}

function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary' })}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}

function ListsTab({ user }: { user: ProfileUser }) {
  const lists = useUserLists(user.id, true);
  return (
    <>
      <h2 className="sr-only">Lists</h2>
      {lists.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : lists.isError ? (
        <ErrorState
          title="Could not load the lists"
          error={lists.error}
          retrying={lists.isFetching}
          onRetry={() => void lists.refetch()}
        />
      ) : lists.data.pages[0]?.total === 0 ? (
        <EmptyState icon={ListOrdered} title="No lists yet." />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2">
            {lists.data.pages
              .flatMap((p) => p.data)
              .map((l) => (
                <li key={l.id} className="min-w-0">
                  <ListCard list={l} />
                </li>
              ))}
          </ul>
          <LoadMore query={lists} />
        </>
      )}
    </>
  );
}

function ReviewsTab({ user }: { user: ProfileUser }) {
  const reviews = useUserReviews(user.id, true);
  return (
    <>
      <h2 className="sr-only">Reviews</h2>
      {reviews.isPending ? (
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : reviews.isError ? (
        <ErrorState
          title="Could not load the reviews"
          error={reviews.error}
          retrying={reviews.isFetching}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.pages[0]?.total === 0 ? (
        <EmptyState icon={MessageSquareText} title="No reviews yet." />
      ) : (
        <>
          <ul className="space-y-3">
            {reviews.data.pages
              .flatMap((p) => p.data)
              .map((r) => (
                <li key={r.id}>
                  <ProfileReviewCard review={r} />
                </li>
              ))}
          </ul>
          <LoadMore query={reviews} />
        </>
      )}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10"
      data-testid="profile-loading"
    >
      <div className="flex gap-6">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-64" />
        </div>
      </div>
      <Skeleton className="mt-10 h-10 w-full" />
      <Skeleton className="mt-6 h-48 w-full rounded-xl" />
    </div>
  );
}
