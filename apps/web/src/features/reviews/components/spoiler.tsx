import { EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { cn } from '@/lib/cn';

/** The cover's words, and the spoiler box's label on the review forms. */
export const spoilerWarning = defineMessage({
  id: 'reviews.spoilerWarning',
  defaultMessage: 'This review contains spoilers',
});

/**
 * Text that may spoil the show: blurred, and hidden from screen readers, until the reader
 * chooses to reveal it. Not a spoiler: shown as it is.
 */
export function Spoiler({
  isSpoiler,
  children,
  className,
  warning,
}: {
  isSpoiler: boolean;
  children: ReactNode;
  className?: string;
  /** What the cover says; an unwatched episode's reviews say so (ADR 181). */
  warning?: string;
}) {
  const intl = useIntl();
  const [revealed, setRevealed] = useState(false);
  if (!isSpoiler || revealed) return <div className={className}>{children}</div>;
  return (
    <div className={cn('relative min-h-24', className)}>
      <div
        aria-hidden
        data-testid="spoiler-blur"
        className="pointer-events-none blur-md select-none"
        // Not focusable or findable while hidden.
        inert
      >
        {children}
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg bg-slate-950/40 p-3 text-center">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-amber-200">
          <EyeOff aria-hidden className="size-4" />
          {warning ?? intl.formatMessage(spoilerWarning)}
        </p>
        <button
          type="button"
          onClick={() => setRevealed(true)}
          className="rounded-lg border border-amber-300/40 bg-slate-900 px-3 py-1.5 text-sm font-semibold text-amber-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
        >
          <FormattedMessage id="reviews.revealSpoiler" defaultMessage="Reveal spoiler" />
        </button>
      </div>
    </div>
  );
}

/** A review's text cut to a few lines (`clampClassName`), under the spoiler cover when it is one. */
export function SpoilerExcerpt({
  review,
  className,
  clampClassName,
}: {
  review: { isSpoiler: boolean; content: string };
  className?: string;
  clampClassName: string;
}) {
  return (
    <Spoiler isSpoiler={review.isSpoiler} className={className}>
      <p
        dir="auto"
        className={cn(
          'text-sm leading-relaxed break-words whitespace-pre-line text-slate-300',
          clampClassName,
        )}
      >
        {review.content}
      </p>
    </Spoiler>
  );
}
