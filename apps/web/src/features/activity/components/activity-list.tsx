import type { ActivityItem } from '@series-tracker/contracts';
import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { LoadMore } from '@/components/ui/load-more';
import type { PagedQuery } from '@/features/users/components/profile-section-list';
import { ActivityEntry, ActivityEntrySkeleton } from './activity-entry';

/** A feed's infinite query; a failed next page is always reported (the error line below). */
type InfiniteActivity = PagedQuery<ActivityItem> & { isFetchNextPageError: boolean };

/** A live feed: skeletons while loading, an error with retry, an empty message, or entries. */
export function ActivityList({
  query,
  emptyTitle,
  emptyMessage,
  emptyAction,
  showUser = true,
  skeletons = 4,
  more,
  headingLevel = 3,
}: {
  query: InfiniteActivity;
  emptyTitle: string;
  emptyMessage?: string;
  emptyAction?: ReactNode;
  showUser?: boolean;
  skeletons?: number;
  /** Replaces 'Load more' (the home page links to the full feed instead). */
  more?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <div className="space-y-3" data-testid="activity-loading">
        {Array.from({ length: skeletons }, (_, i) => (
          <ActivityEntrySkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <QueryErrorState
        query={query}
        title={intl.formatMessage({
          id: 'activity.loadFailed',
          defaultMessage: 'Could not load the activity',
        })}
        headingLevel={headingLevel}
      />
    );
  }
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Activity}
        title={emptyTitle}
        message={emptyMessage}
        headingLevel={headingLevel}
      >
        {emptyAction}
      </EmptyState>
    );
  }
  return (
    <>
      {/* A failed refresh keeps the entries shown (ADR 176). */}
      <QueryRefreshError query={query} className="mb-3" />
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <ActivityEntry item={item} showUser={showUser} />
          </li>
        ))}
      </ul>
      {more ?? <LoadMore query={query} />}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-300">
          <FormattedMessage
            id="activity.loadMoreFailed"
            defaultMessage="Could not load more activity. Please try again."
          />
        </p>
      ) : null}
    </>
  );
}

/** The heading of the home section and of the full feed's page. */
export const recentActivityTitle = defineMessage({
  id: 'activity.title',
  defaultMessage: 'Recent Activity',
});

/** What an empty feed says (home and /activity). */
export const noRecentActivity = defineMessage({
  id: 'activity.empty',
  defaultMessage: 'No recent activity.',
});

/** The following feed's way out of "nothing yet": a link to find people to follow. */
export function FindPeopleLink() {
  return (
    <Link to="/search?tab=users" className={buttonStyles({ variant: 'secondary' })}>
      <FormattedMessage id="activity.findPeople" defaultMessage="Find people" />
    </Link>
  );
}
