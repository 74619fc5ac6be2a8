import type { Notification } from '@series-tracker/contracts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { intl, perLocale } from '@/i18n';
import { cn } from '@/lib/cn';
import { episodeCode } from '@/lib/format';

function actorName(n: Notification) {
  return n.actor
    ? (n.actor.displayName ?? n.actor.username)
    : intl().formatMessage({ id: 'notifications.someone', defaultMessage: 'Someone' });
}

/** What happened, in words (the interface's language), and where it leads. */
export function describe(n: Notification): { text: string; to: string; user: string | null } {
  const d = describeText(n);
  // The one piece of member-written text in the sentence (a name or a show title): rendered
  // in its own direction so an Arabic name does not turn the English sentence around.
  const user = n.kind === 'episode' ? (n.show?.title ?? null) : n.actor ? actorName(n) : null;
  return { ...d, user };
}

/** A new episode: the show and the episode's code, and its title when it has one. */
function episodeText(n: Notification): string {
  const { formatMessage } = intl();
  const code = n.episode ? episodeCode(n.episode.seasonNumber, n.episode.episodeNumber) : '';
  const show = n.show?.title;
  const title = n.episode?.title;
  if (!show)
    return formatMessage(
      {
        id: 'notifications.episodeSomeShow',
        defaultMessage: 'New episode: a show you watch {code}',
      },
      { code },
    );
  return title
    ? formatMessage(
        {
          id: 'notifications.episodeTitled',
          defaultMessage: 'New episode: {show} {code} · {title}',
        },
        { show, code, title },
      )
    : formatMessage(
        { id: 'notifications.episode', defaultMessage: 'New episode: {show} {code}' },
        { show, code },
      );
}

function describeText(n: Notification): { text: string; to: string } {
  const { formatMessage } = intl();
  const actor = actorName(n);
  switch (n.kind) {
    case 'episode':
      return {
        text: episodeText(n),
        to: n.episode ? `/episode/${n.episode.id}` : '/calendar',
      };
    case 'follow':
      return {
        text: formatMessage(
          { id: 'notifications.follow', defaultMessage: '{actor} started following you' },
          { actor },
        ),
        to: n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : '/notifications',
      };
    case 'like':
      return n.target === 'episode-review'
        ? {
            text: formatMessage(
              {
                id: 'notifications.likeEpisodeReview',
                defaultMessage: '{actor} liked your episode review',
              },
              { actor },
            ),
            to: n.episode ? `/episode/${n.episode.id}` : '/notifications',
          }
        : {
            text:
              n.target === 'comment'
                ? formatMessage(
                    {
                      id: 'notifications.likeComment',
                      defaultMessage: '{actor} liked your comment',
                    },
                    { actor },
                  )
                : formatMessage(
                    { id: 'notifications.likeReview', defaultMessage: '{actor} liked your review' },
                    { actor },
                  ),
            to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
          };
    case 'comment':
      return {
        text: formatMessage(
          { id: 'notifications.comment', defaultMessage: '{actor} commented on your review' },
          { actor },
        ),
        to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
      };
    case 'reply':
      return {
        text: formatMessage(
          { id: 'notifications.reply', defaultMessage: '{actor} replied to your comment' },
          { actor },
        ),
        to: n.reviewId ? `/review/${n.reviewId}` : '/notifications',
      };
  }
}

const when = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** Between the time and 'unread' for screen readers: punctuation, the same in every language. */
const dot = ' · ';

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
          {when().format(new Date(notification.createdAt))}
          {notification.read ? null : (
            <span className="sr-only">
              {dot}
              <FormattedMessage id="notifications.unread" defaultMessage="unread" />
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
