import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { intl } from '@/i18n/locale-state';
import { formatRating, ratingColorClass } from '@/lib/format';

/** A star and the rating to one decimal (or N/A), coloured per spec §9. */
export function Rating({
  value,
  className,
  size = 'sm',
}: {
  value: number | null | undefined;
  className?: string;
  size?: 'sm' | 'lg';
}) {
  const text = formatRating(value);
  const rated = typeof value === 'number' && Number.isFinite(value);
  const { formatMessage } = intl();
  const label = rated
    ? formatMessage(
        { id: 'ui.ratedOutOf10', defaultMessage: 'Rated {rating} out of 10' },
        { rating: text },
      )
    : formatMessage({ id: 'ui.notRatedYet', defaultMessage: 'Not rated yet' });
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-semibold tabular-nums',
        ratingColorClass(value),
        size === 'lg' ? 'text-lg' : 'text-sm',
        className,
      )}
      aria-label={label}
    >
      <Star aria-hidden className={cn(size === 'lg' ? 'size-5' : 'size-3.5', 'fill-current')} />
      {text}
    </span>
  );
}
