import { ArrowLeft, Lock, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile, usePeople } from '@/features/users/api/people';
import { PersonRow } from '@/features/users/components/person-row';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { StatusPage } from './not-found';

/** /profile/{username}/followers and /following. */
export function ProfilePeopleRoute({ side }: { side: 'followers' | 'following' }) {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  // A private (or blocking) profile's people are its details: not asked for (ADR 150).
  const hidden = profile.data?.detailsHidden === true;
  const people = usePeople(hidden ? undefined : profile.data?.id, side);
  const title = side === 'followers' ? 'Followers' : 'Following';

  if (profile.isError && isApiError(profile.error) && profile.error.status === 404) {
    return (
      <StatusPage
        title="Profile Not Found"
        message="The user profile you're looking for doesn't exist."
      />
    );
  }
  const name = profile.data ? profile.data.displayName || profile.data.username : username;
  const rows = people.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(`${title} of ${name}`)}</title>
      <Link
        to={`/profile/${username}`}
        className="inline-flex items-center gap-1.5 text-sm text-slate-400 hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-white">
        {side === 'followers' ? `People following ${name}` : `People ${name} follows`}
      </h1>
      <div className="mt-6">
        {profile.isError && !profile.data ? (
          <ErrorState
            title="Failed to load profile"
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        ) : hidden ? (
          <EmptyState
            icon={Lock}
            title="This profile is private"
            message={`${name} keeps who they follow and who follows them to themselves.`}
          />
        ) : profile.isPending || people.isPending ? (
          <div className="space-y-3" data-testid="people-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : people.isError && !people.data ? (
          <ErrorState
            title={`Could not load ${title.toLowerCase()}`}
            error={people.error}
            onRetry={() => void people.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Users}
            title={side === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
          />
        ) : (
          <>
            {/* A failed refresh keeps the people shown (ADR 176). */}
            <QueryRefreshError query={people} className="mb-3" />
            <p className="mb-3 text-sm text-slate-400">
              {people.data.pages[0]?.total}{' '}
              {people.data.pages[0]?.total === 1 ? 'person' : 'people'}
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
