import type { WatchStatus } from '@series-tracker/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import {
  useAddToWatchlist,
  useRemoveWatchlistItem,
  useShowItem,
  useUpdateWatchlistItem,
} from '../api/watchlist';
import { useRequireSignIn } from '../hooks/use-require-sign-in';
import { statusOrder, watchStatusLabels } from '../lib/watch-status';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { FavoriteButton } from './favorite-button';
import { RateDialog } from './rate-dialog';
import { WatchStatusSelect } from './watch-status';

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
  const [dialog, setDialog] = useState<'rate' | 'remove' | null>(null);

  if (auth === 'loading' || (signedIn && itemQuery.isPending)) {
    return (
      <div className="flex gap-2" data-testid="tracking-loading">
        <Skeleton className="h-10 w-44" />
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
            label="Watchlist status"
            onChange={(status) => update.mutate({ item, changes: { status } })}
          />
          <Button
            variant="secondary"
            onClick={() => setDialog('rate')}
            aria-label={
              item.score === null ? undefined : `Your score: ${item.score}/10. Change rating`
            }
          >
            <Star
              aria-hidden
              className={cn('size-4', item.score !== null && 'fill-amber-300 text-amber-300')}
            />
            {item.score === null ? 'Rate' : `${item.score}/10`}
          </Button>
          <FavoriteButton showId={showId} />
          <Button variant="ghost" onClick={() => setDialog('remove')}>
            Remove from Watchlist
          </Button>
          <RateDialog
            open={dialog === 'rate'}
            onOpenChange={(open) => setDialog(open ? 'rate' : null)}
            title={title}
            score={item.score}
            onRate={(score) => {
              if (score !== item.score) update.mutate({ item, changes: { score } });
            }}
          />
          <ConfirmRemoveDialog
            open={dialog === 'remove'}
            onOpenChange={(open) => setDialog(open ? 'remove' : null)}
            title={title}
            onConfirm={() => remove.mutate(item)}
          />
        </>
      ) : (
        <div className="inline-flex">
          <Button
            onClick={() => addWith()}
            disabled={add.isPending}
            className={signedIn ? 'rounded-r-none' : undefined}
          >
            {add.isPending ? <Spinner /> : <Plus aria-hidden className="size-4" />}
            Add to Watchlist
          </Button>
          {signedIn ? (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger
                disabled={add.isPending}
                aria-label="Add with another status"
                className="inline-flex h-10 items-center rounded-r-lg border-l border-violet-400/40 bg-violet-600 px-2 text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50"
              >
                <ChevronDown aria-hidden className="size-4" />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={6}
                  className="z-50 min-w-48 rounded-xl border border-slate-700 bg-slate-900 p-1 shadow-2xl shadow-black/50"
                >
                  <DropdownMenu.Label className="px-3 py-1.5 text-xs text-slate-400">
                    Add as
                  </DropdownMenu.Label>
                  {statusOrder.map((status) => (
                    <DropdownMenu.Item
                      key={status}
                      onSelect={() => addWith(status)}
                      className="cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-100 outline-none data-[highlighted]:bg-violet-600/30"
                    >
                      {watchStatusLabels[status]}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : null}
        </div>
      )}
      {item ? null : <FavoriteButton showId={showId} />}
      {itemQuery.isError ? (
        <p role="alert" className="w-full text-sm text-rose-300">
          Could not load your watchlist status.{' '}
          <button type="button" className="underline" onClick={() => void itemQuery.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
