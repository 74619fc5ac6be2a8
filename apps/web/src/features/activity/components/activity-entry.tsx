import type { ActivityItem } from '@series-tracker/contracts';
import { Star } from 'lucide-react';
import { defineMessage, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { CoverLink } from '@/components/ui/cover-link';
import { Skeleton } from '@/components/ui/skeleton';
import { intl, perLocale } from '@/i18n';
import { activitySentence } from './activity-sentence';

const relative = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
/** The exact moment, on hover: the date and time as the browser would write them there. */
const moment = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago" (feeds count in days, spec §9), in the
 * interface's language.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60)
    return intl().formatMessage({ id: 'activity.justNow', defaultMessage: 'just now' });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative().format(hours, 'hour');
  return relative().format(Math.round(hours / 24), 'day');
}

/** A member's words quoted: the quotation marks are the language's own. */
const quoted: MessageDescriptor = defineMessage({
  id: 'activity.quoted',
  defaultMessage: '“{text}”',
});

/** One live activity entry: who, what, which show and episode, rating, excerpt, when. */
export function ActivityEntry({
  item,
  showUser = true,
}: {
  item: ActivityItem;
  showUser?: boolean;
}) {
  const { formatMessage } = intl();
  return (
    <article className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      {showUser ? (
        <Link to={`/profile/${item.user.username}`} aria-hidden tabIndex={-1} className="shrink-0">
          <Avatar user={item.user} size="md" />
        </Link>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-relaxed break-words text-slate-300">
          {activitySentence(item, showUser)}
        </p>
        {item.rating !== null ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-amber-300">
            <Star aria-hidden className="size-4 fill-current" />
            {formatMessage(
              { id: 'activity.outOfTen', defaultMessage: '{rating, number}/10' },
              { rating: item.rating },
            )}
          </p>
        ) : null}
        {item.content && item.action === 'reviewed' && item.reviewId !== null ? (
          <p className="mt-1 line-clamp-3 text-sm text-slate-400">
            <Link to={`/review/${item.reviewId}`} className="hover:text-violet-300 hover:underline">
              {formatMessage(quoted, { text: item.content })}
            </Link>
          </p>
        ) : item.content && item.action === 'episode_reviewed' ? (
          <p className="mt-1 line-clamp-3 text-sm text-slate-400">
            {formatMessage(quoted, { text: item.content })}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-400">
          <time dateTime={item.createdAt} title={moment().format(new Date(item.createdAt))}>
            {timeAgo(item.createdAt)}
          </time>
        </p>
      </div>
      {item.show?.coverImageUrl ? (
        <CoverLink
          to={`/show/${item.show.id}`}
          src={item.show.coverImageUrl}
          title={item.show.title}
          className="h-16 w-11 rounded-md"
          linkClassName="shrink-0"
        />
      ) : null}
    </article>
  );
}

export function ActivityEntrySkeleton() {
  return <Skeleton className="h-20 rounded-xl" />;
}
