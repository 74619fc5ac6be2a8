import type { Episode } from '@series-tracker/contracts';
import { Clapperboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Rating } from '@/components/ui/rating';
import { Skeleton } from '@/components/ui/skeleton';
import { episodeCode, formatAirDate } from '@/lib/format';
import { useShowEpisodes } from '../api/get-show-episodes';

/** Spec §9: episodes sort by season × 1000 + episode; unnumbered ones go last. */
export function sortEpisodes(episodes: Episode[]): Episode[] {
  const key = (e: Episode) => (e.seasonNumber ?? 9_999) * 1000 + (e.episodeNumber ?? 999);
  return [...episodes].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

function groupBySeason(episodes: Episode[]): { season: number | null; episodes: Episode[] }[] {
  const groups: { season: number | null; episodes: Episode[] }[] = [];
  for (const episode of sortEpisodes(episodes)) {
    const last = groups.at(-1);
    if (last && last.season === episode.seasonNumber) last.episodes.push(episode);
    else groups.push({ season: episode.seasonNumber, episodes: [episode] });
  }
  return groups;
}

export const EPISODE_SKELETON_ROWS = 5;

/** Context for the per-episode slots: the code ('S1E2') and where it sits in viewing order. */
export interface EpisodeSlotContext {
  code: string;
  ordered: Episode[];
  position: number;
}

/**
 * Slots the show page fills with tracking controls; the list itself knows nothing of
 * tracking (features stay apart; the route composes them).
 */
export interface EpisodeListSlots {
  /** Above the seasons, e.g. 'N of M watched'. */
  summary?: ReactNode;
  seasonAction?: (season: number, episodes: Episode[], headingId: string) => ReactNode;
  /** At the row's right edge, e.g. the watch toggle. */
  episodeToggle?: (episode: Episode, context: EpisodeSlotContext) => ReactNode;
  /** Under the row's text. */
  episodeExtra?: (episode: Episode, context: EpisodeSlotContext) => ReactNode;
}

/** A show's episodes grouped by season (spec §2 Show detail, Episodes tab). */
export function EpisodeList({
  showId,
  fallbackImage,
  showTitle,
  episodesComplete,
  slots = {},
}: {
  slots?: EpisodeListSlots;
  showId: number;
  /** The show's cover, used where an episode has no still. */
  fallbackImage: string | null;
  showTitle: string;
  episodesComplete?: boolean;
}) {
  const query = useShowEpisodes(showId);

  if (query.isPending) {
    return (
      <ul className="space-y-4" data-testid="episodes-loading">
        {Array.from({ length: EPISODE_SKELETON_ROWS }, (_, i) => (
          <li key={i} className="flex gap-4 rounded-xl border border-slate-800 p-3">
            <Skeleton className="aspect-video w-32 shrink-0 sm:w-44" />
            <div className="flex-1 space-y-2 pt-1">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={Clapperboard}
        title="No episodes available for this show."
        message="Episodes will appear here once they're added to our database."
      />
    );
  }

  const groups = groupBySeason(query.data);
  const ordered = groups.flatMap((group) => group.episodes);
  const index = new Map(ordered.map((episode, i) => [episode.id, i]));
  const context = (episode: Episode): EpisodeSlotContext => ({
    code: episodeCode(episode.seasonNumber, episode.episodeNumber),
    ordered,
    position: index.get(episode.id) ?? 0,
  });
  return (
    <div className="space-y-10">
      <div className="space-y-2">
        {slots.summary}
        <p className="text-sm text-slate-400">
          {query.data.length} {query.data.length === 1 ? 'episode' : 'episodes'}
          {episodesComplete === false
            ? ' so far in our database — the list may be incomplete.'
            : ''}
        </p>
      </div>
      {groups.map((group) => (
        <section
          key={group.season ?? 'specials'}
          aria-labelledby={`season-${group.season ?? 'specials'}`}
        >
          <div className="sticky top-16 z-10 -mx-1 mb-3 flex items-center justify-between gap-3 bg-slate-950/90 px-1 py-2 backdrop-blur">
            <h3
              id={`season-${group.season ?? 'specials'}`}
              className="min-w-0 text-base font-semibold text-white"
            >
              <span className="whitespace-nowrap">
                {group.season === null ? 'Specials' : `Season ${group.season}`}
              </span>{' '}
              <span className="ml-1 text-sm font-normal whitespace-nowrap text-slate-400">
                {group.episodes.length} {group.episodes.length === 1 ? 'episode' : 'episodes'}
              </span>
            </h3>
            {group.season !== null && slots.seasonAction
              ? slots.seasonAction(group.season, group.episodes, `season-${group.season}`)
              : null}
          </div>
          <ol className="space-y-3">
            {group.episodes.map((episode) => (
              <li key={episode.id}>
                <EpisodeRow
                  episode={episode}
                  fallbackImage={fallbackImage}
                  showTitle={showTitle}
                  toggle={slots.episodeToggle?.(episode, context(episode))}
                  extra={slots.episodeExtra?.(episode, context(episode))}
                />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function EpisodeRow({
  episode,
  fallbackImage,
  showTitle,
  toggle,
  extra,
}: {
  episode: Episode;
  fallbackImage: string | null;
  showTitle: string;
  toggle?: ReactNode;
  extra?: ReactNode;
}) {
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const aired = formatAirDate(episode.airDate);
  const title = episode.title || `Episode ${episode.episodeNumber ?? ''}`.trim();
  return (
    <article className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900/40 p-3 sm:gap-4">
      <CoverImage
        src={episode.stillThumbPath ?? episode.stillPath ?? fallbackImage}
        shape="still"
        title={`${showTitle} ${code}`}
        decorative
        showTitle={false}
        className="aspect-video w-24 shrink-0 self-start rounded-lg sm:w-44"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-400">
          <span className="font-semibold text-violet-300">{code}</span>
          {aired ? <span>{aired}</span> : null}
          {episode.runtime ? <span>· {episode.runtime} min</span> : null}
          {episode.voteAverage !== null ? (
            <span className="inline-flex items-center gap-1">
              · <Rating value={episode.voteAverage} className="text-xs" />
              {episode.voteCount ? <span>({episode.voteCount})</span> : null}
            </span>
          ) : null}
        </p>
        <h4 className="mt-0.5 font-semibold">
          <Link
            to={`/episode/${episode.id}`}
            className="rounded text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {title}
          </Link>
        </h4>
        {episode.overview ? (
          <p className="mt-1 line-clamp-3 text-sm leading-relaxed text-slate-400 max-sm:line-clamp-2">
            {episode.overview}
          </p>
        ) : null}
        {extra}
      </div>
      {toggle ? <div className="shrink-0 self-center">{toggle}</div> : null}
    </article>
  );
}
