import { Heart } from 'lucide-react';
import { useIntl } from 'react-intl';
import { cn } from '@/lib/cn';
import { useIsFavorite, useToggleFavorite } from '../api/favorites';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';

/** The heart: a toggle button (aria-pressed), saved at once and reverted if the save fails. */
export function FavoriteButton({ showId }: { showId: number }) {
  const { status, requireSignIn } = useRequireSignIn();
  const signedIn = status === 'authenticated';
  const query = useIsFavorite(showId, { enabled: signedIn });
  const toggle = useToggleFavorite(showId);
  const favorite = signedIn && query.data === true;
  const { formatMessage } = useIntl();
  const label = favorite
    ? formatMessage({ id: 'tracking.removeFavorite', defaultMessage: 'Remove from favorites' })
    : formatMessage({ id: 'tracking.addFavorite', defaultMessage: 'Add to favorites' });
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      disabled={status === 'loading' || (signedIn && query.isPending)}
      onClick={() => {
        if (!requireSignIn()) return;
        toggle.mutate(!favorite);
      }}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50',
        favorite
          ? 'border-rose-500/50 bg-rose-500/15 text-rose-400 hover:bg-rose-500/25'
          : 'border-slate-700 bg-slate-900/80 text-slate-300 hover:border-slate-500 hover:text-white',
      )}
    >
      <Heart aria-hidden className={cn('size-5', favorite && 'fill-current')} />
    </button>
  );
}
