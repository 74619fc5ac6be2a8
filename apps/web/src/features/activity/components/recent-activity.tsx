import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useActivityFeed } from '../api/feed';
import {
  ActivityList,
  FindPeopleLink,
  noRecentActivity,
  recentActivityTitle,
} from './activity-list';

const HOME_ENTRIES = 5;

/** Home's Recent Activity (spec §1): live entries only, with 'View more' to the full feed. */
export function RecentActivity() {
  const intl = useIntl();
  const { status } = useAuth();
  const scope = status === 'authenticated' ? 'following' : 'community';
  const feed = useActivityFeed(scope, HOME_ENTRIES);
  const any = (feed.data?.pages[0]?.data.length ?? 0) > 0;
  return (
    <section aria-labelledby="activity-heading">
      <div className="flex items-center justify-between gap-3">
        <h2
          id="activity-heading"
          className="text-xl font-bold tracking-tight text-white sm:text-2xl"
        >
          {intl.formatMessage(recentActivityTitle)}
        </h2>
        {any ? (
          <Link
            to="/activity"
            className="text-sm font-semibold text-violet-300 hover:text-violet-200"
          >
            <FormattedMessage id="activity.viewMore" defaultMessage="View more" />
          </Link>
        ) : null}
      </div>
      <div className="mt-4">
        {status === 'loading' ? null : (
          <ActivityList
            query={{ ...feed, data: feed.data && { pages: feed.data.pages.slice(0, 1) } }}
            emptyTitle={intl.formatMessage(noRecentActivity)}
            emptyMessage={
              scope === 'following'
                ? intl.formatMessage({
                    id: 'activity.emptyFollowingHome',
                    defaultMessage: 'Follow people to see what they watch here.',
                  })
                : intl.formatMessage({
                    id: 'activity.emptyCommunity',
                    defaultMessage: 'When members watch, rate and review, it shows here.',
                  })
            }
            emptyAction={scope === 'following' ? <FindPeopleLink /> : undefined}
            skeletons={3}
            more={<></>}
          />
        )}
      </div>
    </section>
  );
}
