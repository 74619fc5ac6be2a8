import type { ProfileUser } from '@series-tracker/contracts';
import { ListOrdered, Lock, MessageSquareText } from 'lucide-react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useUserActivity } from '@/features/activity/api/feed';
import { ActivityList } from '@/features/activity/components/activity-list';
import { ListCard } from '@/features/lists/components/list-card';
import { useHistory } from '@/features/tracking/api/plays';
import { HistoryList } from '@/features/tracking/components/history-list';
import { TabList } from '@/components/ui/tab-list';
import { keepScroll } from '@/lib/keep-scroll';
import { useUserFavorites, useUserLists, useUserReviews } from '../api/people';
import { profileMessages } from '../lib/profile-messages';
import { FavoritesGrid } from './profile-favorites';
import { ProfileOverview } from './profile-overview';
import { ProfileReviewCard } from './profile-review-card';
import { ProfileSectionList } from './profile-section-list';

export const profileTabs = [
  'overview',
  'activity',
  'history',
  'favorites',
  'lists',
  'reviews',
] as const;
export type ProfileTab = (typeof profileTabs)[number];
const tabLabels: Record<ProfileTab, MessageDescriptor> = defineMessages({
  overview: { id: 'users.tabOverview', defaultMessage: 'Overview' },
  activity: { id: 'users.tabActivity', defaultMessage: 'Activity' },
  history: { id: 'users.tabHistory', defaultMessage: 'History' },
  favorites: { id: 'users.tabFavorites', defaultMessage: 'Favorites' },
  lists: { id: 'users.tabLists', defaultMessage: 'Lists' },
  reviews: { id: 'users.tabReviews', defaultMessage: 'Reviews' },
});

/**
 * The open tab lives in the URL (`?tab=reviews`, ADR 176): a reload or a shared link opens it,
 * and each change is a history entry, so Back returns to the previous tab.
 */
export function useProfileTab() {
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = profileTabs.find((t) => t === params.get('tab')) ?? 'overview';
  function select(name: ProfileTab) {
    if (name === tab) return;
    const next = new URLSearchParams(params);
    if (name === 'overview') next.delete('tab');
    else next.set('tab', name);
    setParams(next, keepScroll);
  }
  return [tab, select] as const;
}

export function ProfileTabList({
  tab,
  onSelect,
}: {
  tab: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
}) {
  const intl = useIntl();
  return (
    <TabList
      label={intl.formatMessage({
        id: 'users.profileSections',
        defaultMessage: 'Profile sections',
      })}
      tabs={profileTabs.map((name) => ({ id: name, label: intl.formatMessage(tabLabels[name]) }))}
      selected={tab}
      onSelect={onSelect}
      prefix="profile-"
      className="mt-8 flex gap-0.5 overflow-x-auto border-b border-slate-800 sm:gap-1"
      tabClassName="shrink-0 px-2 py-2.5 text-xs whitespace-nowrap sm:px-4 sm:text-sm focus-visible:outline-offset-2"
    />
  );
}

/** The open tab's panel; a private profile's details stay hidden whichever tab is open. */
export function ProfileTabPanel({ tab, user }: { tab: ProfileTab; user: ProfileUser }) {
  const Tab = tabPanels[tab];
  const intl = useIntl();
  return (
    <div
      role="tabpanel"
      id={`profile-panel-${tab}`}
      aria-labelledby={`profile-tab-${tab}`}
      className="pt-6"
    >
      {user.detailsHidden ? (
        <EmptyState
          icon={Lock}
          title={intl.formatMessage(profileMessages.private)}
          message={intl.formatMessage(
            {
              id: 'users.privateProfileDetails',
              defaultMessage:
                '{name} keeps their watchlist, activity and statistics to themselves.',
            },
            { name: user.displayName || user.username },
          )}
        />
      ) : (
        <>
          {/* The Overview has headings of its own; the other tabs are named for readers. */}
          {tab === 'overview' ? null : (
            <h2 className="sr-only">{intl.formatMessage(tabLabels[tab])}</h2>
          )}
          <Tab user={user} />
        </>
      )}
    </div>
  );
}

function ActivityTab({ user }: { user: ProfileUser }) {
  const activity = useUserActivity(user.id, true);
  const intl = useIntl();
  return (
    <ActivityList
      query={activity}
      emptyTitle={intl.formatMessage({
        id: 'users.noRecentActivity',
        defaultMessage: 'No recent activity.',
      })}
      showUser={false}
    />
  );
}

/** The member's diary (ADR 130): the server applies the profile's privacy too. */
function HistoryTab({ user }: { user: ProfileUser }) {
  const history = useHistory(user.id);
  const intl = useIntl();
  return (
    <HistoryList
      query={history}
      headingLevel={3}
      emptyTitle={intl.formatMessage({ id: 'users.noPlays', defaultMessage: 'No plays yet.' })}
      emptyMessage={intl.formatMessage(
        {
          id: 'users.noPlaysDetails',
          defaultMessage: 'Episodes {name} watches show up here by day.',
        },
        { name: user.displayName || user.username },
      )}
    />
  );
}

function FavoritesTab({ user }: { user: ProfileUser }) {
  const favorites = useUserFavorites(user.id, true);
  return <FavoritesGrid query={favorites} />;
}

function ListsTab({ user }: { user: ProfileUser }) {
  const lists = useUserLists(user.id, true);
  const intl = useIntl();
  return (
    <ProfileSectionList
      query={lists}
      skeleton={{ count: 4, itemClassName: 'h-56 rounded-xl' }}
      errorTitle={intl.formatMessage({
        id: 'users.listsFailed',
        defaultMessage: 'Could not load the lists',
      })}
      empty={{
        icon: ListOrdered,
        title: intl.formatMessage({ id: 'users.noLists', defaultMessage: 'No lists yet.' }),
      }}
      listClassName="grid gap-4 sm:grid-cols-2"
      itemClassName="min-w-0"
      itemKey={(l) => l.id}
      renderItem={(l) => <ListCard list={l} />}
    />
  );
}

function ReviewsTab({ user }: { user: ProfileUser }) {
  const reviews = useUserReviews(user.id, true);
  const intl = useIntl();
  return (
    <ProfileSectionList
      query={reviews}
      skeleton={{ count: 3, itemClassName: 'h-32 rounded-xl' }}
      errorTitle={intl.formatMessage({
        id: 'users.reviewsFailed',
        defaultMessage: 'Could not load the reviews',
      })}
      empty={{
        icon: MessageSquareText,
        title: intl.formatMessage({ id: 'users.noReviews', defaultMessage: 'No reviews yet.' }),
      }}
      listClassName="space-y-3"
      itemKey={(r) => r.id}
      renderItem={(r) => <ProfileReviewCard review={r} />}
    />
  );
}

const tabPanels: Record<ProfileTab, (props: { user: ProfileUser }) => React.JSX.Element> = {
  overview: ProfileOverview,
  activity: ActivityTab,
  history: HistoryTab,
  favorites: FavoritesTab,
  lists: ListsTab,
  reviews: ReviewsTab,
};
