import type { Episode } from '@series-tracker/contracts';
import { ChevronLeft, ChevronRight, Clapperboard } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { intl } from '@/i18n';
import { ProgressBar } from '@/components/media/progress-bar';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { episodeCode } from '@/lib/format';
import { useShowEpisodes } from '../api/get-show-episodes';
import {
  groupBySeason,
  openingSeason,
  seasonLabel,
  type SeasonGroup,
  type SeasonKey,
} from '../lib/seasons';
import { EpisodeRow, EpisodeRowsSkeleton } from './episode-row';
import { SeasonPicker } from './season-picker';

export { sortEpisodes } from '../lib/seasons';
export { EPISODE_SKELETON_ROWS } from './episode-row';

/** Context for the per-episode slots: the code ('S1E2') and where it sits in viewing order. */
export interface EpisodeSlotContext {
  code: string;
  ordered: Episode[];
  position: number;
  season: SeasonKey;
}

export interface SeasonProgress {
  watched: number;
  aired: number;
}

/**
 * Slots the show page fills with tracking controls; the list itself knows nothing of
 * tracking (features stay apart; the route composes them).
 */
export interface EpisodeListSlots {
  /** Above the seasons, e.g. 'N of M watched'. */
  summary?: ReactNode;
  /** A season's 'n of m watched', or null when there is none to show (visitors, loading). */
  seasonProgress?: (episodes: Episode[]) => SeasonProgress | null;
  seasonAction?: (group: SeasonGroup, headingId: string) => ReactNode;
  /** At the row's right edge, e.g. the watch toggle. */
  episodeToggle?: (episode: Episode, context: EpisodeSlotContext) => ReactNode;
  /** Under the row's text. */
  episodeExtra?: (episode: Episode, context: EpisodeSlotContext) => ReactNode;
  /** A spoiler for the member (ADR 181): how to reveal it; null when it shows as it is. */
  episodeReveal?: (episode: Episode) => (() => void) | null;
}

const count = (n: number) =>
  intl().formatMessage(
    {
      id: 'episodes.count',
      defaultMessage: '{count, plural, one {# episode} other {# episodes}}',
    },
    { count: n },
  );

const watchedOf = ({ watched, aired }: SeasonProgress) =>
  intl().formatMessage(
    { id: 'episodes.nOfMWatched', defaultMessage: '{watched, number} of {aired, number} watched' },
    { watched, aired },
  );

/**
 * A show's episodes one season at a time (spec §2 Show detail, Episodes tab): a season picker,
 * then only the open season's rows, so a 700-episode show draws a few dozen.
 */
export function EpisodeList({
  showId,
  fallbackImage,
  showTitle,
  episodesComplete,
  openAt,
  slots = {},
}: {
  slots?: EpisodeListSlots;
  showId: number;
  /** The show's cover, used where an episode has no still. */
  fallbackImage: string | null;
  showTitle: string;
  episodesComplete?: boolean;
  /**
   * The episode whose season opens first (a member's next one); null: the latest season;
   * undefined: not known yet (the member's progress is loading), so no season flashes first.
   */
  openAt?: number | null;
}) {
  const query = useShowEpisodes(showId);
  const { formatMessage } = useIntl();
  const [picked, setPicked] = useState<SeasonKey | null>(null);
  const groups = useMemo(() => groupBySeason(query.data ?? []), [query.data]);
  const ordered = useMemo(() => groups.flatMap((g) => g.episodes), [groups]);
  const index = useMemo(() => new Map(ordered.map((e, i) => [e.id, i])), [ordered]);

  if (query.isPending) return <EpisodeRowsSkeleton testId="episodes-loading" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={Clapperboard}
        title={formatMessage({
          id: 'episodes.noneTitle',
          defaultMessage: 'No episodes available for this show.',
        })}
        message={formatMessage({
          id: 'episodes.noneMessage',
          defaultMessage: "Episodes will appear here once they're added to our database.",
        })}
      />
    );
  }

  // The opening season is chosen once: marking a season must not move the page on.
  const opening = openAt === undefined ? null : openingSeason(groups, openAt);
  if (picked === null && opening !== null) setPicked(opening);
  const open =
    groups.find((g) => g.key === picked) ??
    (opening === null ? null : groups.find((g) => g.key === opening));
  const at = open ? groups.indexOf(open) : -1;

  const progressOf = (group: SeasonGroup) => slots.seasonProgress?.(group.episodes) ?? null;
  const describe = (group: SeasonGroup) => {
    const p = progressOf(group);
    return p ? watchedOf(p) : count(group.episodes.length);
  };
  const context = (episode: Episode, season: SeasonKey): EpisodeSlotContext => ({
    code: episodeCode(episode.seasonNumber, episode.episodeNumber),
    ordered,
    position: index.get(episode.id) ?? 0,
    season,
  });
  const step = (to: SeasonGroup | undefined, icon: 'prev' | 'next') =>
    to ? (
      <button
        type="button"
        onClick={() => setPicked(to.key)}
        className="inline-flex h-9 items-center gap-1 rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        {icon === 'prev' ? <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" /> : null}
        {seasonLabel(to.key)}
        {icon === 'next' ? <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" /> : null}
      </button>
    ) : (
      <span />
    );

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        {slots.summary}
        <p className="text-sm text-slate-400">
          {episodesComplete === false ? (
            <FormattedMessage
              id="episodes.countSoFar"
              defaultMessage="{count, plural, one {# episode so far in our database — the list may be incomplete.} other {# episodes so far in our database — the list may be incomplete.}}"
              values={{ count: query.data.length }}
            />
          ) : (
            count(query.data.length)
          )}
        </p>
      </div>
      {!open ? (
        <EpisodeRowsSkeleton testId="season-loading" />
      ) : (
        <>
          {groups.length > 1 ? (
            <SeasonPicker
              groups={groups}
              value={open.key}
              onChange={setPicked}
              describe={describe}
            />
          ) : null}
          <SeasonPanel
            group={open}
            // One season: its progress is the summary's 'N of M watched' already.
            progress={groups.length > 1 ? progressOf(open) : null}
            action={slots.seasonAction?.(open, `season-${open.key}`)}
          >
            <ol className="space-y-3">
              {open.episodes.map((episode) => (
                <li key={episode.id}>
                  <EpisodeRow
                    episode={episode}
                    fallbackImage={fallbackImage}
                    showTitle={showTitle}
                    toggle={slots.episodeToggle?.(episode, context(episode, open.key))}
                    extra={slots.episodeExtra?.(episode, context(episode, open.key))}
                    onReveal={slots.episodeReveal?.(episode) ?? null}
                  />
                </li>
              ))}
            </ol>
          </SeasonPanel>
          {groups.length > 1 ? (
            <nav
              aria-label={formatMessage({
                id: 'episodes.otherSeasons',
                defaultMessage: 'Other seasons',
              })}
              className="flex justify-between gap-2"
            >
              {step(groups[at - 1], 'prev')}
              {step(groups[at + 1], 'next')}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function SeasonPanel({
  group,
  progress,
  action,
  children,
}: {
  group: SeasonGroup;
  progress: SeasonProgress | null;
  action: ReactNode;
  children: ReactNode;
}) {
  const headingId = `season-${group.key}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="sticky top-16 z-10 -mx-1 mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 bg-slate-950/90 px-1 py-2 backdrop-blur">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-white">
            <FormattedMessage
              id="episodes.seasonHeading"
              defaultMessage="<name>{season}</name> <size>{episodes}</size>"
              values={{
                season: seasonLabel(group.key),
                episodes: count(group.episodes.length),
                name: (chunks) => <span className="whitespace-nowrap">{chunks}</span>,
                size: (chunks) => (
                  <span className="ms-1 text-sm font-normal whitespace-nowrap text-slate-400">
                    {chunks}
                  </span>
                ),
              }}
            />
          </h2>
          {progress ? (
            <div className="mt-1 flex items-center gap-2" data-testid="season-progress">
              <p className="text-xs font-medium whitespace-nowrap text-slate-300">
                {watchedOf(progress)}
              </p>
              <ProgressBar value={progress.watched} max={progress.aired} className="h-1 w-24" />
            </div>
          ) : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
