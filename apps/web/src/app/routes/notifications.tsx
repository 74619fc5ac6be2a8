import { Bell } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useMarkRead, useNotifications } from '@/features/notifications/api/notifications';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { errorReason } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';

/** Keeps the count's line at its height while there is nothing to count. */
const blank = '\u00a0';

const frame = 'mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10';

/** /notifications: the bell's list, newest first, with read state. */
export function NotificationsRoute() {
  const { status, redirect } = useSignedInPage();
  if (redirect) return redirect;
  return <NotificationsPage enabled={status === 'authenticated'} />;
}

function NotificationsPage({ enabled }: { enabled: boolean }) {
  const query = useNotifications();
  const mark = useMarkRead();
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = query.data?.pages[0]?.unreadCount ?? 0;
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notifications.title', defaultMessage: 'Notifications' });

  return (
    <div className={frame}>
      <title>{pageTitle(title)}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-white">{title}</h1>
          <p className="mt-1 text-sm text-slate-400" aria-live="polite">
            {query.isPending || !enabled ? (
              <FormattedMessage id="notifications.loading" defaultMessage="Loading..." />
            ) : query.isError && !query.data ? (
              blank
            ) : (
              <FormattedMessage
                id="notifications.unreadCount"
                defaultMessage="{count, plural, one {# unread} other {# unread}}"
                values={{ count: unread }}
              />
            )}
          </p>
        </div>
        {unread > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate('all')}
          >
            <FormattedMessage id="notifications.markAllRead" defaultMessage="Mark all as read" />
          </Button>
        ) : null}
      </div>
      {mark.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-300">
          <FormattedMessage
            id="notifications.markFailed"
            defaultMessage="Could not mark as read: {reason}."
            values={{ reason: errorReason(mark.error) }}
          />
        </p>
      ) : null}
      <div className="mt-6">
        {query.isPending || !enabled ? (
          <div className="space-y-3" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 w-full rounded-xl" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Bell}
            title={intl.formatMessage({
              id: 'notifications.emptyTitle',
              defaultMessage: 'No notifications yet',
            })}
            message={intl.formatMessage({
              id: 'notifications.emptyMessage',
              defaultMessage:
                'New episodes of shows you watch, new followers, likes, comments and replies show up here.',
            })}
            link={{
              to: '/calendar',
              label: intl.formatMessage({
                id: 'notifications.openCalendar',
                defaultMessage: 'Open your calendar',
              }),
              variant: 'secondary',
            }}
          />
        ) : (
          <>
            <ItemList items={items} className="space-y-1">
              {(n) => (
                <NotificationItem notification={n} onOpen={(x) => !x.read && mark.mutate(x.id)} />
              )}
            </ItemList>
            {query.isFetchNextPageError ? (
              <p role="alert" className="mt-4 text-sm text-rose-300">
                <FormattedMessage
                  id="notifications.moreFailed"
                  defaultMessage="Could not load more: {reason}."
                  values={{ reason: errorReason(query.error) }}
                />
              </p>
            ) : null}
            <LoadMore
              query={query}
              label={intl.formatMessage({
                id: 'notifications.showOlder',
                defaultMessage: 'Show older',
              })}
            />
          </>
        )}
      </div>
    </div>
  );
}
