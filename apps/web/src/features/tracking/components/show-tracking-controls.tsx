import type { WatchStatus } from '@series-tracker/contracts';
import { ChevronDown, Plus, RotateCcw, Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useLoadOnIntent } from '@/lib/use-load-on-intent';
import {
  useAddToWatchlist,
  useRemoveWatchlistItem,
  useShowItem,
  useUpdateWatchlistItem,
} from '../api/watchlist';
import { useRewatch } from '../api/plays';
import { useCompleteOffer } from '../hooks/use-complete-offer';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { menuTriggerStyle } from './add-with-status-menu-style';
import { FavoriteButton } from './favorite-button';
import { WatchStatusSelect } from './watch-status';
import { RetryAlert } from './retry-alert';

// Radix menus and dialogs are most of this page's script, and only members use them: they
// load when first asked for (the menu on intent, a dialog when opened), never for visitors.
const loadStatusMenu = () => import('./add-with-status-menu');
const AddWithStatusMenu = lazy(() =>
  loadStatusMenu().then((m) => ({ default: m.AddWithStatusMenu })),
);
const RateDialog = lazy(() => import('./rate-dialog').then((m) => ({ default: m.RateDialog })));
const ConfirmRemoveDialog = lazy(() =>
  import('./confirm-remove-dialog').then((m) => ({ default: m.ConfirmRemoveDialog })),
);
const ConfirmRewatchDialog = lazy(() =>
  import('./confirm-rewatch-dialog').then((m) => ({ default: m.ConfirmRewatchDialog })),
);

type DialogKind = 'rate' | 'remove' | 'rewatch';

/**
 * Watchlist and favourite controls in the show header. 'Add to Watchlist' adds the show as
 * Plan to Watch (marking an episode later moves it to Watching by itself); the arrow next to
 * it picks another status straight away.
 */
export function ShowTrackingControls({ showId, title }: { showId: number; title: string }) {
  const { status: auth, requireSignIn } = useRequireSignIn();
  const signedIn = auth === 'authenticated';
  const itemQuery = useShowItem(showId, { enabled: signedIn });
  const add = useAddToWatchlist(showId);
  const update = useUpdateWatchlistItem();
  const remove = useRemoveWatchlistItem();
  const rewatch = useRewatch(showId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // A dialog mounts when first opened and stays, so it can animate closed and return focus.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  if (dialog && !opened.has(dialog)) setOpened(new Set([...opened, dialog]));
  /** Open while it is the chosen dialog; closing it chooses none. */
  const dialogState = (kind: DialogKind) => ({
    open: dialog === kind,
    onOpenChange: (open: boolean) => setDialog(open ? kind : null),
  });
  const { formatMessage } = useIntl();
  const statusMenu = useLoadOnIntent(loadStatusMenu);
  // Looks and is named like the menu's own trigger (add-with-status-menu.tsx).
  const statusMenuStandIn = (
    <button
      type="button"
      aria-label={formatMessage({
        id: 'tracking.addWithStatus',
        defaultMessage: 'Add with another status',
      })}
      disabled={add.isPending}
      className={menuTriggerStyle}
      {...statusMenu.triggerProps}
    >
      <ChevronDown aria-hidden className="size-4" />
    </button>
  );
  const completeOffer = useCompleteOffer();

  if (auth === 'loading' || (signedIn && itemQuery.isPending)) {
    return (
      // The English buttons' sizes, so the show header's row wraps where it will once loaded.
      <div className="flex gap-2" data-testid="tracking-loading">
        <Skeleton className="h-10 w-[11.75rem]" />
        <Skeleton className="size-10" />
      </div>
    );
  }

  const item = signedIn ? itemQuery.data : null;

  function addWith(status?: WatchStatus) {
    if (!requireSignIn()) return;
    add.mutate(status);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {item ? (
        <>
          <WatchStatusSelect
            className="w-40"
            value={item.status}
            label={formatMessage({
              id: 'tracking.watchlistStatus',
              defaultMessage: 'Watchlist status',
            })}
            onChange={(status) =>
              update.mutate(
                { item, changes: { status } },
                { onSuccess: (saved) => void completeOffer.offerFor(saved) },
              )
            }
          />
          <Button
            variant="secondary"
            onClick={() => setDialog('rate')}
            aria-label={
              item.score === null
                ? undefined
                : formatMessage(
                    {
                      id: 'tracking.yourScoreChange',
                      defaultMessage: 'Your score: {score}/10. Change rating',
                    },
                    { score: item.score },
                  )
            }
          >
            <Star
              aria-hidden
              className={cn('size-4', item.score !== null && 'fill-amber-300 text-amber-300')}
            />
            {item.score === null ? (
              <FormattedMessage id="tracking.rate" defaultMessage="Rate" />
            ) : (
              <FormattedMessage
                id="tracking.scoreOutOfTen"
                defaultMessage="{score}/10"
                values={{ score: item.score }}
              />
            )}
          </Button>
          <FavoriteButton showId={showId} />
          {/* A finished show can be watched again from the start (ADR 130). */}
          {item.status === 'completed' && item.progress > 0 ? (
            <Button
              variant="secondary"
              disabled={rewatch.isPending}
              onClick={() => setDialog('rewatch')}
            >
              {rewatch.isPending ? <Spinner /> : <RotateCcw aria-hidden className="size-4" />}
              <FormattedMessage id="tracking.rewatch" defaultMessage="Rewatch" />
            </Button>
          ) : null}
          {(item.run ?? 1) > 1 ? (
            <span className="rounded-full border border-violet-500/40 bg-violet-500/10 px-2.5 py-1 text-xs font-medium text-violet-200">
              <FormattedMessage
                id="tracking.watchThrough"
                defaultMessage="{run, selectordinal, one {#st watch-through} two {#nd watch-through} few {#rd watch-through} other {#th watch-through}}"
                values={{ run: item.run ?? 1 }}
              />
            </span>
          ) : null}
          <Button variant="ghost" onClick={() => setDialog('remove')}>
            <FormattedMessage
              id="tracking.removeFromWatchlist"
              defaultMessage="Remove from Watchlist"
            />
          </Button>
          <Suspense fallback={null}>
            {opened.has('rate') ? (
              <RateDialog
                {...dialogState('rate')}
                title={title}
                score={item.score}
                onRate={(score) => {
                  if (score !== item.score) update.mutate({ item, changes: { score } });
                }}
              />
            ) : null}
            {opened.has('rewatch') ? (
              <ConfirmRewatchDialog
                {...dialogState('rewatch')}
                title={title}
                onConfirm={() => rewatch.mutate(item.id)}
              />
            ) : null}
            {opened.has('remove') ? (
              <ConfirmRemoveDialog
                {...dialogState('remove')}
                title={title}
                onConfirm={() => remove.mutate(item)}
              />
            ) : null}
          </Suspense>
          {completeOffer.dialog}
        </>
      ) : (
        <div className="inline-flex">
          <Button
            onClick={() => addWith()}
            disabled={add.isPending}
            className={signedIn ? 'rounded-e-none' : undefined}
          >
            {add.isPending ? <Spinner /> : <Plus aria-hidden className="size-4" />}
            <FormattedMessage id="tracking.addToWatchlist" defaultMessage="Add to Watchlist" />
          </Button>
          {signedIn ? (
            statusMenu.pressed ? (
              <Suspense fallback={statusMenuStandIn}>
                <AddWithStatusMenu disabled={add.isPending} onPick={addWith} defaultOpen />
              </Suspense>
            ) : (
              statusMenuStandIn
            )
          ) : null}
        </div>
      )}
      {item ? null : <FavoriteButton showId={showId} />}
      {itemQuery.isError ? (
        <RetryAlert
          className="w-full"
          message={formatMessage({
            id: 'tracking.itemLoadFailed',
            defaultMessage: 'Could not load your watchlist status.',
          })}
          onRetry={() => void itemQuery.refetch()}
        />
      ) : null}
    </div>
  );
}
