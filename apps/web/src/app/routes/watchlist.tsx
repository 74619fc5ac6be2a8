import type { WatchlistItem, WatchStatus } from '@series-tracker/contracts';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import { useMyServices } from '@/features/watch/hooks/use-my-services';
import { ListVideo, SearchX } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { intl } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { useCompleteOffer } from '@/features/tracking/hooks/use-complete-offer';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadMore } from '@/components/ui/load-more';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import {
  useRemoveWatchlistItem,
  useUpdateWatchlistItem,
  useWatchlist,
  WATCHLIST_PAGE_SIZE,
} from '@/features/tracking/api/watchlist';
import {
  itemTitle,
  WatchlistCard,
  WatchlistCardSkeleton,
} from '@/features/tracking/components/watchlist-card';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import {
  isWatchStatus,
  statusOrder,
  watchlistSortLabels,
  watchlistSortValues,
  watchStatusLabels,
  type WatchlistSort,
} from '@/features/tracking/lib/watch-status';
import { cn } from '@/lib/cn';
import { uniqueItems } from '@/lib/paging';
import { pageTitle } from '@/lib/site';

// The dialogs (Radix) load on the first Rate or Remove click, not with the page.
const RateDialog = lazy(() =>
  import('@/features/tracking/components/rate-dialog').then((m) => ({ default: m.RateDialog })),
);
const ConfirmRemoveDialog = lazy(() =>
  import('@/features/tracking/components/confirm-remove-dialog').then((m) => ({
    default: m.ConfirmRemoveDialog,
  })),
);

/** Spec §9: 8 skeleton cards while the watchlist loads. */
export const WATCHLIST_SKELETONS = 8;

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

export function showCountText(count: number): string {
  return intl().formatMessage(
    {
      id: 'tracking.showCount',
      defaultMessage: '{count, plural, one {# show in your list} other {# shows in your list}}',
    },
    { count },
  );
}

/** /watchlist: signed-in only; visitors sign in and come straight back. */
export function WatchlistRoute() {
  const { status, redirect } = useSignedInPage();
  const { formatMessage } = useIntl();
  // Signing out here returns to / (spec §2); only a visitor who never signed in is asked to.
  if (redirect) return redirect;
  if (status === 'unavailable') {
    return (
      <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <title>
          {pageTitle(formatMessage({ id: 'tracking.myWatchlist', defaultMessage: 'My Watchlist' }))}
        </title>
        <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
          <FormattedMessage id="tracking.myWatchlist" defaultMessage="My Watchlist" />
        </h1>
        <SignInCheckFailed
          what={formatMessage({ id: 'tracking.yourWatchlist', defaultMessage: 'your watchlist' })}
        />
      </div>
    );
  }
  return <WatchlistPage authLoading={status === 'loading'} />;
}

type Dialog = { kind: 'rate' | 'remove'; item: WatchlistItem } | null;

function WatchlistPage({ authLoading }: { authLoading: boolean }) {
  const { formatMessage } = useIntl();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: WatchStatus | undefined = isWatchStatus(rawStatus) ? rawStatus : undefined;
  const rawSort = params.get('sort');
  const sort: WatchlistSort = watchlistSortValues.find((s) => s === rawSort) ?? 'updated';

  const myServices = useMyServices();
  const query = useWatchlist(status, sort, myServices.params);
  const update = useUpdateWatchlistItem();
  const remove = useRemoveWatchlistItem();
  const [dialog, setDialog] = useState<Dialog>(null);
  const completeOffer = useCompleteOffer();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removedRef = useRef(false);

  // Pages can overlap after the list changed on the server; each show appears once.
  const items = useMemo(() => uniqueItems(query.data?.pages), [query.data]);
  const total = query.data?.pages.at(-1)?.total;
  // The dialog follows the card's latest values (a score saved a moment ago), and keeps its
  // copy once the card is gone.
  const dialogItem = dialog
    ? (items.find((item) => item.id === dialog.item.id) ?? dialog.item)
    : null;

  function setParam(key: string, value: string | undefined) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }

  const filters: { value: WatchStatus | undefined; label: string }[] = [
    {
      value: undefined,
      label: formatMessage({ id: 'tracking.allShows', defaultMessage: 'All Shows' }),
    },
    ...statusOrder.map((s) => ({ value: s, label: contractText(watchStatusLabels[s]) })),
  ];

  const loading = authLoading || query.isPending;

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>
        {pageTitle(formatMessage({ id: 'tracking.myWatchlist', defaultMessage: 'My Watchlist' }))}
      </title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight text-white focus:outline-none sm:text-4xl"
          >
            <FormattedMessage id="tracking.myWatchlist" defaultMessage="My Watchlist" />
          </h1>
          <p className="mt-1 min-h-6 text-slate-400" aria-live="polite">
            {total !== undefined ? showCountText(total) : null}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-400">
          <FormattedMessage id="tracking.sortBy" defaultMessage="Sort by" />
          <select
            value={sort}
            onChange={(event) =>
              setParam('sort', event.target.value === 'updated' ? undefined : event.target.value)
            }
            className="h-9 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {watchlistSortValues.map((value) => (
              <option key={value} value={value}>
                {formatMessage(watchlistSortLabels[value])}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="mt-4">
        <MyServicesToggle filter={myServices} id="watchlist-my-services" />
      </div>
      <div
        role="group"
        aria-label={formatMessage({
          id: 'tracking.filterByStatus',
          defaultMessage: 'Filter by status',
        })}
        className="-mx-4 mt-6 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {filters.map((filter) => {
          const active = filter.value === status;
          return (
            <button
              key={filter.value ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => setParam('status', filter.value)}
              className={cn(
                'h-9 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
                active
                  ? 'border-violet-500 bg-violet-600 text-white'
                  : 'border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-500 hover:text-white',
              )}
            >
              {filter.label}
            </button>
          );
        })}
      </div>

      <div className="mt-6">
        {loading ? (
          <SkeletonList
            count={WATCHLIST_SKELETONS}
            item={<WatchlistCardSkeleton />}
            className={grid}
            label={formatMessage({
              id: 'tracking.loadingWatchlist',
              defaultMessage: 'Loading your watchlist',
            })}
          />
        ) : query.isError && items.length === 0 ? (
          <ErrorState
            title={formatMessage({
              id: 'tracking.watchlistLoadFailed',
              defaultMessage: 'Could not load your watchlist',
            })}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          status === undefined ? (
            <EmptyState
              icon={ListVideo}
              title={formatMessage({
                id: 'tracking.noShowsFound',
                defaultMessage: 'No shows found',
              })}
              message={formatMessage({
                id: 'tracking.startBuilding',
                defaultMessage: 'Start building your watchlist by adding some shows!',
              })}
              link={{
                to: '/browse',
                label: formatMessage({
                  id: 'tracking.browseShows',
                  defaultMessage: 'Browse Shows',
                }),
                size: 'lg',
              }}
            />
          ) : (
            <EmptyState
              icon={SearchX}
              title={formatMessage({
                id: 'tracking.noShowsFound',
                defaultMessage: 'No shows found',
              })}
              message={formatMessage(
                {
                  id: 'tracking.nothingMarked',
                  defaultMessage: 'Nothing in your watchlist is marked {status}.',
                },
                { status: contractText(watchStatusLabels[status]) },
              )}
            >
              <Button variant="secondary" onClick={() => setParam('status', undefined)}>
                <FormattedMessage id="tracking.showAllShows" defaultMessage="Show all shows" />
              </Button>
              <Link to="/browse" className={buttonStyles()}>
                <FormattedMessage id="tracking.browseShows" defaultMessage="Browse Shows" />
              </Link>
            </EmptyState>
          )
        ) : (
          <>
            {/* Heading levels step one at a time: the page's h1, this h2, then each card's h3. */}
            <h2 className="sr-only">
              <FormattedMessage id="tracking.shows" defaultMessage="Shows" />
            </h2>
            <ul className={grid}>
              {items.map((item) => (
                <li
                  key={item.id}
                  className="[contain-intrinsic-size:auto_420px] [content-visibility:auto]"
                >
                  <WatchlistCard
                    item={item}
                    onStatusChange={(current, next) =>
                      update.mutate(
                        { item: current, changes: { status: next } },
                        { onSuccess: (saved) => void completeOffer.offerFor(saved) },
                      )
                    }
                    onRate={(current) => setDialog({ kind: 'rate', item: current })}
                    onRemove={(current) => setDialog({ kind: 'remove', item: current })}
                  />
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col items-center gap-3">
              {query.isFetchNextPageError ? (
                <FormAlert>
                  <FormattedMessage
                    id="tracking.loadMoreFailed"
                    defaultMessage="Could not load more shows. {message}"
                    values={{ message: query.error?.message ?? '' }}
                  />
                </FormAlert>
              ) : null}
              <LoadMore
                query={query}
                label={formatMessage(
                  { id: 'tracking.loadMoreCount', defaultMessage: 'Load more ({count, number})' },
                  { count: Math.min(WATCHLIST_PAGE_SIZE, (total ?? 0) - items.length) },
                )}
                retryLabel={formatMessage({ id: 'tracking.tryAgain', defaultMessage: 'Try again' })}
                spinner
                size="lg"
                inline
              />
              {total !== undefined && total > items.length ? (
                <p className="text-sm text-slate-500">
                  <FormattedMessage
                    id="tracking.showingOf"
                    defaultMessage="Showing {shown, number} of {total, number}"
                    values={{ shown: items.length, total }}
                  />
                </p>
              ) : null}
            </div>
          </>
        )}
      </div>

      {completeOffer.dialog}
      {dialog && dialogItem ? (
        <Suspense fallback={null}>
          <RateDialog
            open={dialog.kind === 'rate'}
            onOpenChange={(open) => !open && setDialog(null)}
            title={itemTitle(dialogItem)}
            score={dialogItem.score}
            onRate={(score) => {
              if (score !== dialogItem.score)
                update.mutate({ item: dialogItem, changes: { score } });
            }}
          />
          <ConfirmRemoveDialog
            open={dialog.kind === 'remove'}
            onOpenChange={(open) => !open && setDialog(null)}
            title={itemTitle(dialogItem)}
            onConfirm={() => {
              removedRef.current = true;
              remove.mutate(dialogItem);
            }}
            onCloseAutoFocus={(event) => {
              // The card (and its Remove button) is gone: continue from the heading.
              if (!removedRef.current) return;
              removedRef.current = false;
              event.preventDefault();
              headingRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
