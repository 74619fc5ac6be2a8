import type { CalendarEpisode } from '@series-tracker/contracts';
import { Check } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { episodeCode } from '@/lib/format';
import { EpisodeTitleAfterCode } from '@/components/media/episode-title';

/** One episode in the agenda: time (or "All day"), show, code and title, watched mark. */
export function CalendarEpisodeRow({ episode }: { episode: CalendarEpisode }) {
  return (
    <Link
      to={`/episode/${episode.episodeId}`}
      className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
    >
      <span className="w-14 shrink-0 text-sm font-medium text-slate-300 tabular-nums">
        {episode.time ?? <FormattedMessage id="calendar.allDay" defaultMessage="All day" />}
      </span>
      <span className="min-w-0 flex-1">
        <span dir="auto" className="block truncate text-sm font-semibold text-white">
          {episode.showTitle}
        </span>
        <span className="block truncate text-xs text-slate-400">
          {episodeCode(episode.seasonNumber, episode.episodeNumber)}
          {/* A spoiler for the member (ADR 181): the code alone until watched. */}
          <EpisodeTitleAfterCode title={episode.spoiler ? null : episode.title} />
        </span>
      </span>
      {episode.watched ? (
        <span className="flex shrink-0 items-center gap-1 text-xs text-emerald-300">
          <Check aria-hidden className="size-4" />
          <FormattedMessage id="calendar.watched" defaultMessage="Watched" />
        </span>
      ) : null}
    </Link>
  );
}

/** A compact chip for a month cell (wide screens). */
export function CalendarEpisodeChip({ episode }: { episode: CalendarEpisode }) {
  const intl = useIntl();
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const show = episode.showTitle;
  return (
    <Link
      to={`/episode/${episode.episodeId}`}
      title={
        episode.time
          ? intl.formatMessage(
              { id: 'calendar.chipTitleAt', defaultMessage: '{show} {code} at {time}' },
              { show, code, time: episode.time },
            )
          : intl.formatMessage(
              { id: 'calendar.chipTitle', defaultMessage: '{show} {code}' },
              { show, code },
            )
      }
      className={cn(
        'block min-h-6 truncate rounded px-1.5 py-1 text-xs leading-4 hover:bg-violet-500/30 focus-visible:outline-2 focus-visible:outline-violet-400',
        episode.watched ? 'bg-slate-800 text-slate-400' : 'bg-violet-500/15 text-violet-100',
      )}
    >
      {episode.time ? <span className="tabular-nums">{episode.time} </span> : null}
      <span dir="auto">{episode.showTitle}</span> {code}
    </Link>
  );
}
