import { Star, StarHalf } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ratedOutOfTen, starParts } from '../lib/format';

/** Ten stars, whole and half (spec §2, §9), with the figure for screen readers. */
export function Stars({
  rating,
  className,
  size = 'sm',
}: {
  rating: number;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { full, half } = starParts(rating);
  const icon = size === 'md' ? 'size-4' : 'size-3.5';
  return (
    <span
      role="img"
      aria-label={ratedOutOfTen(rating)}
      className={cn('inline-flex items-center', className)}
    >
      {Array.from({ length: 10 }, (_, i) => {
        if (i < full)
          return <Star key={i} aria-hidden className={cn(icon, 'fill-amber-400 text-amber-400')} />;
        if (i === full && half)
          return (
            <span key={i} aria-hidden className={cn('relative inline-block', icon)}>
              <Star className={cn(icon, 'absolute inset-0 text-slate-600')} />
              <StarHalf className={cn(icon, 'absolute inset-0 fill-amber-400 text-amber-400')} />
            </span>
          );
        return <Star key={i} aria-hidden className={cn(icon, 'text-slate-600')} />;
      })}
    </span>
  );
}
