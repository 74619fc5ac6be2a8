import { ArrowLeft, Lock, Users } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile, usePeople } from '@/features/users/api/people';
import { PersonRow } from '@/features/users/components/person-row';
import { profileMessages } from '@/features/users/lib/profile-messages';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { StatusPage } from './not-found';

/** Each side's words: the page title, heading, failure and empty state. */
const sideMessages: Record<
  'followers' | 'following',
  Record<'title' | 'heading' | 'failed' | 'empty', MessageDescriptor>
> = {
  followers: defineMessages({
    title: { id: 'users.followersOf', defaultMessage: 'Followers of {name}' },
    heading: { id: 'users.peopleFollowing', defaultMessage: 'People following {name}' },
    failed: { id: 'users.followersFailed', defaultMessage: 'Could not load followers' },
    empty: { id: 'users.noFollowers', defaultMessage: 'No followers yet' },
  }),
  following: defineMessages({
    title: { id: 'users.followingOf', defaultMessage: 'Following of {name}' },
    heading: { id: 'users.peopleFollowed', defaultMessage: 'People {name} follows' },
    failed: { id: 'users.followingFailed', defaultMessage: 'Could not load following' },
    empty: { id: 'users.notFollowing', defaultMessage: 'Not following anyone yet' },
  }),
};

/** /profile/{username}/followers and /following. */
export function ProfilePeopleRoute({ side }: { side: 'followers' | 'following' }) {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  // A private (or blocking) profile's people are its details: not asked for (ADR 150).
  const hidden = profile.data?.detailsHidden === true;
  const people = usePeople(hidden ? undefined : profile.data?.id, side);
  const intl = useIntl();
  const words = sideMessages[side];

  if (profile.isError && isApiError(profile.error) && profile.error.status === 404) {
    return (
      <StatusPage
        title={intl.formatMessage(profileMessages.notFoundTitle)}
        message={intl.formatMessage(profileMessages.notFoundMessage)}
      />
    );
  }
  const name = profile.data ? profile.data.displayName || profile.data.username : username;
  const rows = people.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(intl.formatMessage(words.title, { name }))}</title>
      <Link
        to={`/profile/${username}`}
        className="inline-flex items-center gap-1.5 text-sm text-slate-400 hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        <FormattedMessage id="users.backToProfile" defaultMessage="Back to profile" />
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-white">
        {intl.formatMessage(words.heading, { name })}
      </h1>
      <div className="mt-6">
        {profile.isError && !profile.data ? (
          <ErrorState
            title={intl.formatMessage(profileMessages.loadFailed)}
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        ) : hidden ? (
          <EmptyState
            icon={Lock}
            title={intl.formatMessage(profileMessages.private)}
            message={intl.formatMessage(
              {
                id: 'users.privatePeople',
                defaultMessage: '{name} keeps who they follow and who follows them to themselves.',
              },
              { name },
            )}
          />
        ) : profile.isPending || people.isPending ? (
          <div className="space-y-3" data-testid="people-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : people.isError && !people.data ? (
          <ErrorState
            title={intl.formatMessage(words.failed)}
            error={people.error}
            onRetry={() => void people.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState icon={Users} title={intl.formatMessage(words.empty)} />
        ) : (
          <>
            {/* A failed refresh keeps the people shown (ADR 176). */}
            <QueryRefreshError query={people} className="mb-3" />
            <p className="mb-3 text-sm text-slate-400">
              <FormattedMessage
                id="users.peopleCount"
                defaultMessage="{count, plural, one {# person} other {# people}}"
                values={{ count: people.data.pages[0]?.total ?? rows.length }}
              />
            </p>
            <ItemList items={rows} className="space-y-3">
              {(p) => <PersonRow person={p} />}
            </ItemList>
            <LoadMore query={people} />
          </>
        )}
      </div>
    </div>
  );
}

export const FollowersRoute = () => <ProfilePeopleRoute side="followers" />;
export const FollowingRoute = () => <ProfilePeopleRoute side="following" />;
