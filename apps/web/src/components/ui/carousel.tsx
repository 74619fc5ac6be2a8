import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Spec §9: each arrow click scrolls the row by 320 px. */
export const CAROUSEL_STEP_PX = 320;

const arrow =
  'inline-flex size-9 items-center justify-center rounded-full border border-slate-700 bg-slate-900 text-slate-200 hover:border-slate-500 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** A titled horizontal row that scrolls by touch, trackpad or its arrow buttons. */
export function Carousel({
  title,
  headingId,
  action,
  children,
}: {
  title: ReactNode;
  headingId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const rowRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    rowRef.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-white sm:text-2xl">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          {action}
          <button
            type="button"
            className={arrow}
            aria-label="Scroll left"
            onClick={() => scroll(-1)}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            className={arrow}
            aria-label="Scroll right"
            onClick={() => scroll(1)}
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
      <ul
        ref={rowRef}
        className={cn(
          '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6',
          '[scrollbar-width:thin] [scrollbar-color:var(--color-slate-700)_transparent]',
        )}
      >
        {children}
      </ul>
    </section>
  );
}
