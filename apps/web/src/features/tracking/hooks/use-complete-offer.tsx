import type { WatchlistItem } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { intl } from '@/i18n';
import { showProgressQueryOptions } from '../api/progress';
import type { MarkAiredOffer } from '../components/mark-aired-dialog';

const MarkAiredDialog = lazy(() =>
  import('../components/mark-aired-dialog').then((m) => ({ default: m.MarkAiredDialog })),
);

/**
 * After a member sets a show to Completed: when aired episodes of it are not marked watched,
 * offer to mark them (never silently). `offerFor(saved item)` asks the server for the counts;
 * `dialog` is the element to render.
 */
export function useCompleteOffer() {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<MarkAiredOffer | null>(null);
  const offerFor = useCallback(
    async (item: WatchlistItem) => {
      if (item.status !== 'completed') return;
      try {
        const progress = await queryClient.fetchQuery({
          ...showProgressQueryOptions(item.showId),
          staleTime: 0,
        });
        const unwatched = progress.airedCount - progress.watchedAiredCount;
        if (unwatched > 0)
          setOffer({
            showId: item.showId,
            title:
              item.show.title ||
              intl().formatMessage({ id: 'tracking.thisShowCapital', defaultMessage: 'This show' }),
            unwatched,
          });
      } catch {
        // No counts, no offer: the status change itself has been saved.
      }
    },
    [queryClient],
  );
  const dialog = offer ? (
    <Suspense fallback={null}>
      <MarkAiredDialog key={offer.showId} offer={offer} onClose={() => setOffer(null)} />
    </Suspense>
  ) : null;
  return { offerFor, dialog };
}
