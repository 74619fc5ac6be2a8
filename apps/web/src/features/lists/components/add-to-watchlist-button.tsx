import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useAddToWatchlist } from '@/features/tracking/api/watchlist';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { isApiError } from '@/lib/api-client';

/**
 * 'Add to watchlist' on a list item: adds the show as Plan to Watch, or says it is already
 * tracked; visitors sign in and come back (spec §2, DESIGN: buttons get their obvious behaviour).
 */
export function AddToWatchlistButton({ showId, title }: { showId: number; title: string }) {
  const { requireSignIn } = useRequireSignIn();
  const add = useAddToWatchlist(showId);
  const [added, setAdded] = useState(false);
  const intl = useIntl();
  if (added)
    return (
      <span className="inline-flex h-9 items-center gap-1.5 px-1 text-sm font-medium text-emerald-300">
        <Check aria-hidden className="size-4" />
        <FormattedMessage id="lists.inWatchlist" defaultMessage="In watchlist" />
      </span>
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={add.isPending}
      aria-label={intl.formatMessage(
        { id: 'lists.addToWatchlistNamed', defaultMessage: 'Add {title} to watchlist' },
        { title },
      )}
      onClick={() => {
        if (!requireSignIn()) return;
        add.mutate('want_to_watch', {
          onSuccess: () => {
            setAdded(true);
            toast.info(
              intl.formatMessage(
                {
                  id: 'lists.addedToWatchlist',
                  defaultMessage: 'Added {title} to your watchlist as Plan to Watch.',
                },
                { title },
              ),
            );
          },
          onError: (error) => {
            if (isApiError(error) && error.status === 409) {
              setAdded(true);
              toast.info(
                intl.formatMessage(
                  {
                    id: 'lists.alreadyInWatchlist',
                    defaultMessage: '{title} is already in your watchlist.',
                  },
                  { title },
                ),
              );
            }
            // Other failures: the watchlist hook says so.
          },
        });
      }}
    >
      <Plus aria-hidden className="size-4" />
      <FormattedMessage id="lists.addToWatchlist" defaultMessage="Add to watchlist" />
    </Button>
  );
}
