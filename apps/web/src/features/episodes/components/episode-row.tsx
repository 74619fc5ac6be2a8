import type { Episode } from '@series-tracker/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { Rating } from '@/components/ui/rating';
import { SkeletonLines } from '@/components/media/media-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { HiddenStill, HiddenSummary } from '@/features/spoilers/components/hidden-summary';
import { episodeCode, formatAirDate } from '@/lib/format';
import { episodeDisplayTitle } from './episode-title';

export const EPISODE_SKELETON_ROWS = 5;

export function EpisodeRowsSkeleton({ testId }: { testId?: string }) {
  return (
    <ul className="space-y-4" data-testid={testId}>
      {Array.from({ length: EPISODE_SKELETON_ROWS }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-xl border border-slate-800 p-3">
          <Skeleton className="aspect-video w-32 shrink-0 sm:w-44" />
          <SkeletonLines
            className="flex-1 space-y-2 pt-1"
            lines={['h-4 w-24', 'h-5 w-2/3', 'h-3 w-full']}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * One episode of the Episodes tab (spec §2): still, code, air date, runtime, title, overview.
 * `onReveal` set: the episode is a spoiler for the member (ADR 181) — "Episode N", a neutral
 * still and "Summary hidden…" with Reveal stand in for its title, still and overview.
 */
export function EpisodeRow({
  episode,
  fallbackImage,
  showTitle,
  toggle,
  extra,
  onReveal,
}: {
  episode: Episode;
  fallbackImage: string | null;
  showTitle: string;
  toggle?: ReactNode;
  extra?: ReactNode;
  onReveal?: (() => void) | null;
}) {
  const { formatMessage } = useIntl();
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const aired = formatAirDate(episode.airDate);
  const hidden = Boolean(onReveal);
  const title = episodeDisplayTitle(episode, hidden);
  const stillClass = 'aspect-video w-24 shrink-0 self-start rounded-lg sm:w-44';
  return (
    <article
      className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900/40 p-3 sm:gap-4"
      data-spoiler={hidden ? 'hidden' : undefined}
    >
      {hidden ? (
        <HiddenStill className={stillClass} />
      ) : (
        <CoverImage
          src={episode.stillThumbPath ?? episode.stillPath ?? fallbackImage}
          shape="still"
          title={formatMessage(
            { id: 'episodes.stillTitle', defaultMessage: '{show} {code}' },
            { show: showTitle, code },
          )}
          decorative
          showTitle={false}
          className={stillClass}
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-400">
          <span className="font-semibold text-violet-300">{code}</span>
          {aired ? <span>{aired}</span> : null}
          {episode.runtime ? (
            <span>
              <FormattedMessage
                id="episodes.rowRuntime"
                defaultMessage="· {minutes, number} min"
                values={{ minutes: episode.runtime }}
              />
            </span>
          ) : null}
          {episode.voteAverage !== null ? (
            <span className="inline-flex items-center gap-1">
              <FormattedMessage id="episodes.separator" defaultMessage="·" />
              <Rating value={episode.voteAverage} className="text-xs" />
              {episode.voteCount ? (
                <span>
                  <FormattedMessage
                    id="episodes.voteCount"
                    defaultMessage="({count, number})"
                    values={{ count: episode.voteCount }}
                  />
                </span>
              ) : null}
            </span>
          ) : null}
        </p>
        <h3 className="mt-0.5 font-semibold">
          <Link
            to={`/episode/${episode.id}`}
            dir="auto"
            className="rounded text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {title}
          </Link>
        </h3>
        {onReveal ? (
          <HiddenSummary
            onReveal={onReveal}
            label={formatMessage(
              { id: 'episodes.revealCode', defaultMessage: 'Reveal {code}' },
              { code },
            )}
            className="mt-1"
          />
        ) : episode.overview ? (
          <p
            dir="auto"
            className="mt-1 line-clamp-3 text-sm leading-relaxed text-slate-400 max-sm:line-clamp-2"
          >
            {episode.overview}
          </p>
        ) : null}
        {extra}
      </div>
      {toggle ? <div className="shrink-0 self-center">{toggle}</div> : null}
    </article>
  );
}
