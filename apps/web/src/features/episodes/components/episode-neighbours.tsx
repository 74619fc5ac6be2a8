import type { EpisodeLink } from '@series-tracker/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { episodeCode } from '@/lib/format';
import { EpisodeTitleAfterCode } from '@/components/media/episode-title';

const linkStyle =
  'group flex min-w-0 flex-1 items-center gap-2 rounded-xl border border-slate-800 bg-slate-900/40 px-3 py-2.5 hover:border-slate-600 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 sm:max-w-[48%]';

function Neighbour({
  episode,
  direction,
  hideTitle,
}: {
  episode: EpisodeLink;
  direction: 'previous' | 'next';
  hideTitle: boolean;
}) {
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <Link
      to={`/episode/${episode.id}`}
      rel={direction === 'previous' ? 'prev' : 'next'}
      className={cn(linkStyle, direction === 'next' && 'ms-auto justify-end text-end')}
    >
      {direction === 'previous' ? (
        <Icon
          aria-hidden
          className="size-5 shrink-0 text-slate-500 group-hover:text-violet-300 rtl:-scale-x-100"
        />
      ) : null}
      <span className="min-w-0">
        <span className="block text-xs font-medium text-slate-400">
          {direction === 'previous' ? (
            <FormattedMessage id="episodes.previousEpisode" defaultMessage="Previous episode" />
          ) : (
            <FormattedMessage id="episodes.nextEpisode" defaultMessage="Next episode" />
          )}
        </span>
        <span className="line-clamp-2 text-sm font-semibold break-words text-slate-100">
          <span className="text-violet-300">{code}</span>
          <EpisodeTitleAfterCode title={hideTitle ? null : episode.title} />
        </span>
      </span>
      {direction === 'next' ? (
        <Icon
          aria-hidden
          className="size-5 shrink-0 text-slate-500 group-hover:text-violet-300 rtl:-scale-x-100"
        />
      ) : null}
    </Link>
  );
}

/**
 * Previous / next episode in the Episodes tab's order (the API works it out, skipping retired
 * episodes). At either end that side is simply absent, never a dead link.
 */
export function EpisodeNeighbours({
  previous,
  next,
  isHidden = () => false,
}: {
  previous: EpisodeLink | null;
  next: EpisodeLink | null;
  /** A spoiler for the member (ADR 181): only its code is shown. */
  isHidden?: (episodeId: number) => boolean;
}) {
  const { formatMessage } = useIntl();
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={formatMessage({
        id: 'episodes.ofThisShow',
        defaultMessage: 'Episodes of this show',
      })}
      className="mt-6 flex flex-wrap gap-3"
    >
      {previous ? (
        <Neighbour episode={previous} direction="previous" hideTitle={isHidden(previous.id)} />
      ) : null}
      {next ? <Neighbour episode={next} direction="next" hideTitle={isHidden(next.id)} /> : null}
    </nav>
  );
}
