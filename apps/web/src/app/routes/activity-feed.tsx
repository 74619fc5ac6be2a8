import { useAuth } from '@/features/auth/hooks/use-auth';
import { useActivityFeed } from '@/features/activity/api/feed';
import { ActivityList, FindPeopleLink } from '@/features/activity/components/activity-list';
import { pageTitle } from '@/lib/site';

/** /activity: the whole feed behind the home page's 'View more'. */
export function ActivityFeedRoute() {
  const { status } = useAuth();
  const scope = status === 'authenticated' ? 'following' : 'community';
  const feed = useActivityFeed(scope, 20);
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle('Recent Activity')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Recent Activity</h1>
      <p className="mt-1 text-sm text-slate-400">
        {scope === 'following'
          ? 'What the people you follow watch, rate, review and list.'
          : 'What members of the community watch, rate, review and list.'}
      </p>
      <div className="mt-6">
        {status === 'loading' ? null : (
          <ActivityList
            query={feed}
            headingLevel={2}
            emptyTitle="No recent activity."
            emptyMessage={
              scope === 'following'
                ? 'Follow people to see what they watch here. Find them on the search page.'
                : undefined
            }
            emptyAction={scope === 'following' ? <FindPeopleLink /> : undefined}
          />
        )}
      </div>
    </div>
  );
}
