import { useIntl } from 'react-intl';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useActivityFeed } from '@/features/activity/api/feed';
import {
  ActivityList,
  FindPeopleLink,
  noRecentActivity,
  recentActivityTitle,
} from '@/features/activity/components/activity-list';
import { pageTitle } from '@/lib/site';

/** /activity: the whole feed behind the home page's 'View more'. */
export function ActivityFeedRoute() {
  const intl = useIntl();
  const { status } = useAuth();
  const scope = status === 'authenticated' ? 'following' : 'community';
  const feed = useActivityFeed(scope, 20);
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(intl.formatMessage(recentActivityTitle))}</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">
        {intl.formatMessage(recentActivityTitle)}
      </h1>
      <p className="mt-1 text-sm text-slate-400">
        {scope === 'following'
          ? intl.formatMessage({
              id: 'activity.introFollowing',
              defaultMessage: 'What the people you follow watch, rate, review and list.',
            })
          : intl.formatMessage({
              id: 'activity.introCommunity',
              defaultMessage: 'What members of the community watch, rate, review and list.',
            })}
      </p>
      <div className="mt-6">
        {status === 'loading' ? null : (
          <ActivityList
            query={feed}
            headingLevel={2}
            emptyTitle={intl.formatMessage(noRecentActivity)}
            emptyMessage={
              scope === 'following'
                ? intl.formatMessage({
                    id: 'activity.emptyFollowing',
                    defaultMessage:
                      'Follow people to see what they watch here. Find them on the search page.',
                  })
                : undefined
            }
            emptyAction={scope === 'following' ? <FindPeopleLink /> : undefined}
          />
        )}
      </div>
    </div>
  );
}
