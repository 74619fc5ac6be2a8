import type { ShowSummary } from '@series-tracker/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ShowThumb } from '@/components/media/show-thumb';
import { Rating } from '@/components/ui/rating';
import { StatusBadge } from '@/components/ui/status-badge';
import { yearOf } from '@/lib/format';
import { ShowSubtitle } from '@/components/media/show-subtitle';
import { ShowKind } from './show-kind';
import { genreName } from '@/lib/genre-name';

/** Spec §2 Search: show results show up to 4 genres. */
export const RESULT_GENRE_LIMIT = 4;

/** A search or browse result: cover, titles, facts, up to 4 genres and the synopsis start. */
export function ShowResultCard({ show }: { show: ShowSummary }) {
  const { formatMessage } = useIntl();
  const year = yearOf(show.startDate);
  const synopsis = show.synopsis ?? show.description;
  return (
    <Link
      to={`/show/${show.id}`}
      className="group flex h-full gap-4 rounded-xl border border-slate-800 bg-slate-900/50 p-3 transition hover:border-slate-600 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
    >
      <ShowThumb show={show} className="h-36 w-24 shrink-0 rounded-lg" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 dir="auto" className="line-clamp-2 leading-snug font-semibold text-white">
          {show.title}
        </h3>
        <ShowSubtitle show={show} className="truncate text-sm text-slate-400" />
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
          <Rating value={show.averageRating} className="text-xs" />
          <StatusBadge status={show.status} lastKnown={show.lastKnownStatus} />
          {year ? <span>{year}</span> : null}
          <span>
            <ShowKind kind={show.kind} />
          </span>
          {show.network ? <span className="truncate">{show.network}</span> : null}
        </div>
        {show.genres.length > 0 ? (
          <ul
            className="mt-2 flex flex-wrap gap-1.5"
            aria-label={formatMessage({ id: 'shows.genres', defaultMessage: 'Genres' })}
          >
            {show.genres.slice(0, RESULT_GENRE_LIMIT).map((genre) => (
              <li
                key={genre}
                className="rounded-md bg-slate-800 px-1.5 py-0.5 text-[11px] font-medium text-slate-300"
              >
                {genreName(genre)}
              </li>
            ))}
          </ul>
        ) : null}
        {synopsis ? (
          <p className="mt-2 line-clamp-2 text-xs leading-relaxed text-slate-400">{synopsis}</p>
        ) : null}
      </div>
    </Link>
  );
}

export function ShowResultCardSkeleton() {
  return (
    <div
      aria-hidden
      data-testid="skeleton"
      className="flex gap-4 rounded-xl border border-slate-800 bg-slate-900/50 p-3"
    >
      <div className="h-36 w-24 shrink-0 animate-pulse rounded-lg bg-slate-800/80 motion-reduce:animate-none" />
      <div className="flex-1 space-y-2 pt-1">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-800/80 motion-reduce:animate-none" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-800/60 motion-reduce:animate-none" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-800/60 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
