import { Heart } from 'lucide-react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

const messages = defineMessages({
  signedOut: { id: 'reviews.likeSignedOut', defaultMessage: 'Please log in to like reviews' },
  own: { id: 'reviews.likeOwn', defaultMessage: "You can't like your own writing" },
  likeReview: {
    id: 'reviews.likeReview',
    defaultMessage: 'Like this review ({count, plural, one {# like} other {# likes}})',
  },
  unlikeReview: {
    id: 'reviews.unlikeReview',
    defaultMessage: 'Unlike this review ({count, plural, one {# like} other {# likes}})',
  },
  likeComment: {
    id: 'reviews.likeComment',
    defaultMessage: 'Like this comment ({count, plural, one {# like} other {# likes}})',
  },
  unlikeComment: {
    id: 'reviews.unlikeComment',
    defaultMessage: 'Unlike this comment ({count, plural, one {# like} other {# likes}})',
  },
});

/**
 * A like toggle with its count. Locked while the request runs (spec §4); disabled signed out
 * with the spec's tooltip, and on the viewer's own writing (ADR 070).
 */
export function LikeButton({
  liked,
  count,
  onToggle,
  pending = false,
  signedIn,
  own = false,
  size = 'md',
  what = 'review',
}: {
  liked: boolean;
  count: number;
  onToggle: (like: boolean) => void;
  pending?: boolean;
  signedIn: boolean;
  own?: boolean;
  size?: 'sm' | 'md';
  what?: 'review' | 'comment';
}) {
  const intl = useIntl();
  const disabled = !signedIn || own || pending;
  const title = !signedIn
    ? intl.formatMessage(messages.signedOut)
    : own
      ? intl.formatMessage(messages.own)
      : undefined;
  const name: MessageDescriptor =
    what === 'comment'
      ? liked
        ? messages.unlikeComment
        : messages.likeComment
      : liked
        ? messages.unlikeReview
        : messages.likeReview;
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={intl.formatMessage(name, { count })}
      title={title}
      disabled={disabled}
      aria-busy={pending || undefined}
      onClick={() => onToggle(!liked)}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border font-semibold tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
        'disabled:cursor-not-allowed disabled:opacity-60',
        size === 'sm' ? 'h-8 px-2.5 text-xs' : 'h-9 px-3 text-sm',
        liked
          ? 'border-rose-400/50 bg-rose-500/15 text-rose-200 hover:bg-rose-500/25'
          : 'border-slate-700 bg-slate-900 text-slate-300 enabled:hover:border-slate-500 enabled:hover:text-white',
      )}
    >
      <Heart
        aria-hidden
        className={cn(size === 'sm' ? 'size-3.5' : 'size-4', liked && 'fill-current')}
      />
      {formatCount(count)}
    </button>
  );
}
