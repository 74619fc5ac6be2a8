import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
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
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-semibold tabular-nums',
        ratingColorClass(value),
        size === 'lg' ? 'text-lg' : 'text-sm',
        className,
      )}
      aria-label={text === 'N/A' ? 'Not rated yet' : `Rated ${text} out of 10`}
    >
      <Star aria-hidden className={cn(size === 'lg' ? 'size-5' : 'size-3.5', 'fill-current')} />
      {text}
    </span>
  );
}
