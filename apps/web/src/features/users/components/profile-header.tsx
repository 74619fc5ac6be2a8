import type { ProfileUser } from '@series-tracker/contracts';
import { CalendarDays, Lock } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { CoverSkeleton } from '@/components/media/media-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileFollowToggle } from '@/features/social/components/follow-button';
import { ProfileMoreMenu } from '@/features/social/components/profile-more-menu';
import { intl, perLocale } from '@/i18n';
import { formatCount } from '@/lib/format';

const joinedFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** The month and full year a member joined; null when missing or invalid. */
function joinedMonth(createdAt: string | null | undefined): string | null {
  const t = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(t) ? null : joinedFormat().format(new Date(t));
}

/** 'Joined' month and full year, or 'Unknown' when missing or invalid (spec §2, §8). */
export function joinedLabel(createdAt: string | null | undefined): string {
  return (
    joinedMonth(createdAt) ??
    intl().formatMessage({ id: 'users.unknown', defaultMessage: 'Unknown' })
  );
}

const counterLabels = defineMessages({
  followers: { id: 'users.followers', defaultMessage: 'Followers' },
  following: { id: 'users.following', defaultMessage: 'Following' },
  reviews: { id: 'users.reviews', defaultMessage: 'Reviews' },
  shows: { id: 'users.totalShows', defaultMessage: 'Total Shows' },
});

/** The member, their counters and what a viewer may do (follow, compare, report). */
export function ProfileHeader({ user }: { user: ProfileUser }) {
  const { user: me, status } = useAuth();
  const own = me?.username.toLowerCase() === user.username.toLowerCase();
  const name = user.displayName || user.username;
  const handle = `@${user.username}`;
  const joined = joinedMonth(user.createdAt);
  const { formatMessage } = useIntl();
  const counters: { label: string; value: number; to?: string }[] = [
    {
      label: formatMessage(counterLabels.followers),
      value: user.followersCount,
      to: `/profile/${user.username}/followers`,
    },
    {
      label: formatMessage(counterLabels.following),
      value: user.followingCount,
      to: `/profile/${user.username}/following`,
    },
    { label: formatMessage(counterLabels.reviews), value: user.reviewsCount },
    { label: formatMessage(counterLabels.shows), value: user.showsCount },
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
            <p className="text-slate-400">{handle}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {own ? (
              <Link to="/settings" className={buttonStyles({ variant: 'secondary' })}>
                <FormattedMessage id="users.editProfile" defaultMessage="Edit Profile" />
              </Link>
            ) : status === 'authenticated' ? (
              <>
                {user.isBlocked ? null : <ProfileFollowToggle profile={user} />}
                {!user.detailsHidden && me ? (
                  <Link
                    to={`/compare?users=${encodeURIComponent(me.username)},${encodeURIComponent(user.username)}`}
                    className={buttonStyles({ variant: 'ghost' })}
                  >
                    <FormattedMessage id="users.compareWithMe" defaultMessage="Compare with me" />
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
          {joined ? (
            <FormattedMessage
              id="users.joined"
              defaultMessage="Joined {date}"
              values={{ date: joined }}
            />
          ) : (
            // Its own sentence: 'Unknown' does not fit every language's 'Joined {date}'.
            <FormattedMessage id="users.joinedUnknown" defaultMessage="Joined Unknown" />
          )}
          {!user.isPublic ? (
            <span className="ms-2 inline-flex items-center gap-1 rounded-full border border-slate-700 px-2 py-0.5 text-xs text-slate-300">
              <Lock aria-hidden className="size-3" />
              <FormattedMessage id="users.private" defaultMessage="Private" />
            </span>
          ) : null}
        </p>
      </div>
    </header>
  );
}

/** The page while the profile loads. */
export function ProfileSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10"
      data-testid="profile-loading"
    >
      <CoverSkeleton
        className="flex gap-6"
        cover="size-24 rounded-full"
        linesClassName="flex-1 space-y-3"
        lines={['h-8 w-48', 'h-4 w-32', 'h-4 w-64']}
      />
      <Skeleton className="mt-10 h-10 w-full" />
      <Skeleton className="mt-6 h-48 w-full rounded-xl" />
    </div>
  );
}
