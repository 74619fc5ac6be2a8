import type { Notification } from '@series-tracker/contracts';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { episodeCode } from '@/lib/format';

function actorName(n: Notification) {
  return n.actor ? (n.actor.displayName ?? n.actor.username) : 'Someone';
}

/** What happened, in words, and where it leads. */
export function describe(n: Notification): { text: string; to: string; user: string | null } {
  const d = describeText(n);
  // The one piece of member-written text in the sentence (a name or a show title): rendered
  // in its own direction so an Arabic name does not turn the English sentence around.
  const user = n.kind === 'episode' ? (n.show?.title ?? null) : n.actor ? actorName(n) : null;
  return { ...d, user };
}

function describeText(n: Notification): { text: string; to: string } {
  const actor = actorName(n);
  switch (n.kind) {
    case 'episode': {
      const code = n.episode ? episodeCode(n.episode.seasonNumber, n.episode.episodeNumber) : '';
      return {
        text: `New episode: ${n.show?.title ?? 'a show you watch'} ${code}${n.episode?.title ? ` · ${n.episode.title}` : ''}`,
        to: n.episode ? `/episode/${n.episode.id}` : '/calendar',
      };
    }
    case 'follow':
      return {
        text: `${actor} started following you`,
        to: n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : '/notifications',
      };
    case 'like':
      return n.target === 'episode-review'
        ? {
            text: `${actor} liked your episode review`,
            to: n.episode ? `/episode/${n.episode.id}` : '/notifications',
          }
        : {
            text: `${actor} liked your ${n.target === 'comment' ? 'comment' : 'review'}`,
            to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
          };
    case 'comment':
      return {
        text: `${actor} commented on your review`,
        to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
      };
    case 'reply':
      return {
        text: `${actor} replied to your comment`,
        to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
      };
  }
}

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const { text, to, user } = describe(notification);
  const at = user ? text.indexOf(user) : -1;
  return (
    <Link
      to={to}
      onClick={() => onOpen(notification)}
      className={cn(
        'flex items-start gap-3 rounded-xl px-3 py-3 hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
        !notification.read && 'bg-violet-500/10',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          notification.read ? 'bg-transparent' : 'bg-violet-400',
        )}
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            'block text-sm',
            notification.read ? 'text-slate-300' : 'font-semibold text-white',
          )}
        >
          {user && at >= 0 ? (
            <>
              {text.slice(0, at)}
              <bdi dir="auto">{user}</bdi>
              {text.slice(at + user.length)}
            </>
          ) : (
            text
          )}
        </span>
        <span className="mt-0.5 block text-xs text-slate-400">
          {when.format(new Date(notification.createdAt))}
          {notification.read ? null : <span className="sr-only"> · unread</span>}
        </span>
      </span>
    </Link>
  );
}
