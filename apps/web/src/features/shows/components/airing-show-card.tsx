import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Rating } from '@/components/ui/rating';
import { episodeCode, formatUserCount } from '@/lib/format';
import type { AiringShow } from '../api/get-today-shows';
import { Dot } from './dot';
import { PosterFrame, PosterTitle } from './poster-parts';

/**
 * A show with a new episode today (home and /today). Hover or keyboard focus reveals the
 * synopsis over the cover; the card opens the show.
 */
export function AiringShowCard({ show }: { show: AiringShow }) {
  const english = show.titleEnglish && show.titleEnglish !== show.title ? show.titleEnglish : null;
  const synopsis = show.synopsis ?? show.description;
  const episode = show.airingEpisodes[0];
  return (
    <Link
      to={`/show/${show.id}`}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-400"
    >
      <PosterFrame show={show}>
        <div
          data-testid="synopsis-overlay"
          className="absolute inset-0 flex items-end bg-slate-950/90 p-3 opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none"
        >
          <p className="line-clamp-[10] text-xs leading-relaxed text-slate-200">
            {synopsis || (
              <FormattedMessage id="shows.noSynopsisShort" defaultMessage="No synopsis available" />
            )}
          </p>
        </div>
        {episode ? (
          <span className="absolute start-2 top-2 rounded-md bg-violet-600/90 px-1.5 py-0.5 text-[11px] font-bold text-white">
            {episodeCode(episode.seasonNumber, episode.episodeNumber)}
          </span>
        ) : null}
      </PosterFrame>
      <PosterTitle>{show.title}</PosterTitle>
      {english ? <p className="truncate text-xs text-slate-400">{english}</p> : null}
      <p className="mt-1 flex items-center gap-2 text-xs text-slate-400">
        <Rating value={show.averageRating} className="text-xs" />
        <Dot />
        <span>{formatUserCount(show.totalUsers)}</span>
      </p>
    </Link>
  );
}
