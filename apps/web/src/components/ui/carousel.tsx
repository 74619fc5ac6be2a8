import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { intl } from '@/i18n/locale-state';
import { cn } from '@/lib/cn';

/** Spec §9: each arrow click scrolls the row by 320 px. */
export const CAROUSEL_STEP_PX = 320;

const arrow =
  'inline-flex size-9 items-center justify-center rounded-full border border-slate-700 bg-slate-900 text-slate-200 hover:border-slate-500 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-default disabled:border-slate-800 disabled:bg-transparent disabled:text-slate-600';

/** Sub-pixel scroll positions (zoom, fractional widths) count as the edge. */
const EDGE_SLACK_PX = 2;

/** Right to left (Arabic), the row starts at the right and scrollLeft runs from 0 down. */
const isRtl = (row: HTMLElement) => getComputedStyle(row).direction === 'rtl';

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
  // Which ends are reached: an arrow that cannot move the row is disabled.
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const offset = Math.abs(row.scrollLeft);
    const start = offset <= EDGE_SLACK_PX;
    const end = offset + row.clientWidth >= row.scrollWidth - EDGE_SLACK_PX;
    setEdges((current) =>
      current.start === start && current.end === end ? current : { start, end },
    );
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    row.addEventListener('scroll', measure, { passive: true });
    // The row's width changes with the window; its content as cards (and images) arrive.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // The observer reports every observed element once after the next layout, so the first
    // measure comes from it, when the layout is done anyway. Reading the row's sizes here
    // instead forced a layout of the page inside the effect, on every render that handed new
    // children (ADR 020: ~100 ms of the home page's start-up on this machine, ×4 for
    // Lighthouse's simulated CPU).
    if (!observer) measure();
    observer?.observe(row);
    for (const child of Array.from(row.children)) observer?.observe(child);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, children]);

  /** 1 towards the row's end, -1 towards its start (leftwards, or rightwards in Arabic). */
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (!row) return;
    const sign = isRtl(row) ? -1 : 1;
    row.scrollBy({ left: sign * direction * CAROUSEL_STEP_PX, behavior: 'smooth' });
  };
  const { formatMessage } = intl();

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
            aria-label={formatMessage({
              id: 'ui.scrollBack',
              defaultMessage: 'Scroll left',
              description: 'Moves the row towards its start: leftwards, or rightwards in Arabic',
            })}
            disabled={edges.start}
            onClick={() => scroll(-1)}
          >
            <ChevronLeft aria-hidden className="size-5 rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            className={arrow}
            aria-label={formatMessage({
              id: 'ui.scrollForward',
              defaultMessage: 'Scroll right',
              description: 'Moves the row towards its end: rightwards, or leftwards in Arabic',
            })}
            disabled={edges.end}
            onClick={() => scroll(1)}
          >
            <ChevronRight aria-hidden className="size-5 rtl:-scale-x-100" />
          </button>
        </div>
      </div>
      <ul
        ref={rowRef}
        className={cn(
          // No scroll snapping: snapping moved each click on to the next card edge (384 px
          // instead of the spec's 320).
          '-mx-4 flex gap-4 overflow-x-auto overscroll-x-contain px-4 pb-3 sm:-mx-6 sm:px-6',
          '[scrollbar-width:thin] [scrollbar-color:var(--color-slate-700)_transparent]',
        )}
      >
        {children}
      </ul>
    </section>
  );
}
