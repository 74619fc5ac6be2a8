import type { ActivityItem } from '@series-tracker/contracts';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { CoverLink } from '@/components/ui/cover-link';
import { Skeleton } from '@/components/ui/skeleton';
import { episodeCode, lazily } from '@/lib/format';

const relative = lazily(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "yesterday", "3 days ago" (feeds count in days, spec §9). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative().format(hours, 'hour');
  return relative().format(Math.round(hours / 24), 'day');
}

const linkClass =
  'font-semibold text-white hover:text-violet-300 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

const statusWords: Record<string, string> = {
  want_to_watch: 'Plan to Watch',
  watching: 'Watching',
  completed: 'Completed',
  paused: 'On Hold',
  dropped: 'Dropped',
};

/** "watched S1E3 “Title” of Show", or "watched 4 episodes of Show" (rewatched alike). */
function episodesOf(verb: 'watched' | 'rewatched', item: ActivityItem, show: ReactNode) {
  if (item.episodeCount === 1 && item.episode) {
    return (
      <>
        {verb}{' '}
        <Link to={`/episode/${item.episode.id}`} className={linkClass}>
          {episodeCode(item.episode.seasonNumber, item.episode.episodeNumber)}
          {item.episode.title ? ` “${item.episode.title}”` : ''}
        </Link>{' '}
        of {show}
      </>
    );
  }
  return (
    <>
      {verb} {item.episodeCount} {item.episodeCount === 1 ? 'episode' : 'episodes'} of {show}
    </>
  );
}

/** What the entry says after the member's name. */
function describe(item: ActivityItem): ReactNode {
  const show = item.show ? (
    <Link to={`/show/${item.show.id}`} className={linkClass}>
      {item.show.title}
    </Link>
  ) : (
    'a show'
  );
  switch (item.action) {
    case 'watched':
    case 'rewatched':
      return episodesOf(item.action, item, show);
    case 'completed':
      return <>finished {show}</>;
    case 'added':
      return (
        <>
          added {show} to their watchlist
          {item.content && statusWords[item.content] ? ` as ${statusWords[item.content]}` : ''}
        </>
      );
    case 'rated':
      return <>rated {show}</>;
    case 'reviewed':
      return <>reviewed {show}</>;
    case 'episode_reviewed':
      return item.episode ? (
        <>
          reviewed{' '}
          <Link to={`/episode/${item.episode.id}`} className={linkClass}>
            {episodeCode(item.episode.seasonNumber, item.episode.episodeNumber)}
          </Link>{' '}
          of {show}
        </>
      ) : (
        <>reviewed an episode of {show}</>
      );
    case 'list_created':
    case 'list_updated':
      return item.list ? (
        <>
          {item.action === 'list_created' ? 'created' : 'updated'} the list{' '}
          <Link to={`/list/${item.list.id}`} className={linkClass}>
            {item.list.name}
          </Link>
        </>
      ) : (
        <>{item.action === 'list_created' ? 'created' : 'updated'} a list</>
      );
    case 'followed':
      return item.targetUser ? (
        <>
          started following{' '}
          <Link to={`/profile/${item.targetUser.username}`} className={linkClass}>
            {item.targetUser.displayName || item.targetUser.username}
          </Link>
        </>
      ) : (
        <>followed someone</>
      );
  }
}

/** One live activity entry: who, what, which show and episode, rating, excerpt, when. */
export function ActivityEntry({
  item,
  showUser = true,
}: {
  item: ActivityItem;
  showUser?: boolean;
}) {
  const name = item.user.displayName || item.user.username;
  return (
    <article className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      {showUser ? (
        <Link to={`/profile/${item.user.username}`} aria-hidden tabIndex={-1} className="shrink-0">
          <Avatar user={item.user} size="md" />
        </Link>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-relaxed break-words text-slate-300">
          {showUser ? (
            <>
              <Link to={`/profile/${item.user.username}`} className={linkClass}>
                {name}
              </Link>{' '}
            </>
          ) : null}
          {describe(item)}
        </p>
        {item.rating !== null ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-amber-300">
            <Star aria-hidden className="size-4 fill-current" />
            {item.rating}/10
          </p>
        ) : null}
        {item.content && item.action === 'reviewed' && item.reviewId !== null ? (
          <p className="mt-1 line-clamp-3 text-sm text-slate-400">
            <Link to={`/review/${item.reviewId}`} className="hover:text-violet-300 hover:underline">
              “{item.content}”
            </Link>
          </p>
        ) : item.content && item.action === 'episode_reviewed' ? (
          <p className="mt-1 line-clamp-3 text-sm text-slate-400">“{item.content}”</p>
        ) : null}
        <p className="mt-1 text-xs text-slate-400">
          <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>
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
