import type { ReactNode } from 'react';
import { CoverImage } from '@/components/ui/cover-image';
import { cn } from '@/lib/cn';

interface PosterShow {
  title: string;
  coverImageUrl: string | null;
  coverThumbUrl: string | null;
}

/** A poster card's cover in its rounded frame, with what the card lays over it (`children`). */
export function PosterFrame({
  show,
  className,
  imageClassName,
  children,
}: {
  show: PosterShow;
  className?: string;
  imageClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-xl border border-slate-800 bg-slate-900',
        className,
      )}
    >
      <CoverImage
        src={show.coverThumbUrl ?? show.coverImageUrl}
        title={show.title}
        decorative
        className={cn('aspect-[2/3] w-full', imageClassName)}
      />
      {children}
    </div>
  );
}

/** A poster card's title under the cover, two lines at most. */
export function PosterTitle({ children }: { children: ReactNode }) {
  return (
    <h3 className="mt-2.5 line-clamp-2 text-sm leading-snug font-semibold text-slate-100 group-hover:text-white">
      {children}
    </h3>
  );
}
