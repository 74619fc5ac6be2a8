import type { ProfileUser } from '@series-tracker/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { activityKeys } from '@/features/activity/api/feed';
import { followUser, peopleKeys, unfollowUser } from '@/features/users/api/people';
import { errorReason } from '@/lib/api-client';

const FollowText = () => <FormattedMessage id="social.follow" defaultMessage="Follow" />;
const FollowingText = () => <FormattedMessage id="social.following" defaultMessage="Following" />;

/** Said when the server refuses a follow or an unfollow. */
function followFailed(intl: IntlShape, error: unknown) {
  return intl.formatMessage(
    { id: 'social.followFailed', defaultMessage: 'Could not update the follow: {reason}.' },
    { reason: errorReason(error) },
  );
}

/**
 * Follow from a list of people (search results, followers): the button waits, labelled
 * 'Loading...', while the request runs (spec §4), then shows the server's answer.
 */
export function FollowButton({
  userId,
  name,
  initial,
}: {
  userId: number;
  name: string;
  initial: boolean;
}) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const [following, setFollowing] = useState(initial);
  const mutation = useMutation({
    mutationFn: (follow: boolean) => (follow ? followUser(userId) : unfollowUser(userId)),
    onSuccess: (stats) => {
      setFollowing(stats.isFollowing);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: (error) => toast.error(followFailed(intl, error)),
  });
  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      disabled={mutation.isPending}
      aria-pressed={following}
      aria-label={
        mutation.isPending
          ? undefined
          : following
            ? intl.formatMessage(
                { id: 'social.unfollowNamed', defaultMessage: 'Unfollow {name}' },
                { name },
              )
            : intl.formatMessage(
                { id: 'social.followNamed', defaultMessage: 'Follow {name}' },
                { name },
              )
      }
      onClick={() => mutation.mutate(!following)}
    >
      {mutation.isPending ? (
        <FormattedMessage id="social.loading" defaultMessage="Loading..." />
      ) : following ? (
        <FollowingText />
      ) : (
        <FollowText />
      )}
    </Button>
  );
}

/**
 * The profile's Follow/Following toggle (spec §4): it flips at once with the follower count,
 * and flips back (with a message) when the server refuses.
 */
export function ProfileFollowToggle({ profile }: { profile: ProfileUser }) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const key = peopleKeys.profile(profile.username);
  const mutation = useMutation({
    mutationFn: (follow: boolean) => (follow ? followUser(profile.id) : unfollowUser(profile.id)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ user: ProfileUser }>(key);
      if (before) {
        queryClient.setQueryData(key, {
          user: {
            ...before.user,
            isFollowing: follow,
            followersCount: Math.max(0, before.user.followersCount + (follow ? 1 : -1)),
          },
        });
      }
      return { before };
    },
    onError: (error, _follow, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(followFailed(intl, error));
    },
    onSuccess: (stats) => {
      const now = queryClient.getQueryData<{ user: ProfileUser }>(key);
      if (now) {
        queryClient.setQueryData(key, {
          user: {
            ...now.user,
            isFollowing: stats.isFollowing,
            followersCount: stats.followersCount,
          },
        });
      }
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.network(profile.id, 'followers') });
    },
  });
  const following = profile.isFollowing ?? false;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      onClick={() => mutation.mutate(!following)}
      disabled={mutation.isPending}
    >
      {following ? <FollowingText /> : <FollowText />}
    </Button>
  );
}
