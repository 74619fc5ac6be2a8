import type { ShowSummary } from '@series-tracker/contracts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Rating } from '@/components/ui/rating';
import { cn } from '@/lib/cn';
import { yearOf } from '@/lib/format';
import { Dot } from './dot';
import { PosterFrame, PosterTitle } from './poster-parts';
import { ShowKind } from './show-kind';

/** A poster-shaped card for rows and grids; the whole card links to the show. */
export function ShowPosterCard({
  show,
  rank,
  className,
}: {
  show: ShowSummary;
  /** Position in a ranked row (trending), shown on the poster. */
  rank?: number;
  className?: string;
}) {
  const year = yearOf(show.startDate);
  return (
    <Link
      to={`/show/${show.id}`}
      className={cn(
        'group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-400',
        className,
      )}
    >
      <PosterFrame
        show={show}
        className="shadow-lg shadow-black/30 transition group-hover:border-slate-600"
        imageClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
      >
        {rank !== undefined ? (
          <span className="absolute start-2 top-2 rounded-md bg-slate-950/85 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums">
            <FormattedMessage id="shows.rank" defaultMessage="#{rank}" values={{ rank }} />
          </span>
        ) : null}
      </PosterFrame>
      <PosterTitle>{show.title}</PosterTitle>
      <p className="mt-1 flex items-center gap-2 text-xs text-slate-400">
        <Rating value={show.averageRating} className="text-xs" />
        {year ? <Dot /> : null}
        {year ? <span>{year}</span> : null}
        <Dot />
        <span>
          <ShowKind kind={show.kind} />
        </span>
      </p>
    </Link>
  );
}

export function ShowPosterCardSkeleton() {
  return (
    <div aria-hidden data-testid="skeleton">
      <div className="aspect-[2/3] w-full animate-pulse rounded-xl bg-slate-800/80 motion-reduce:animate-none" />
      <div className="mt-2.5 h-4 w-4/5 animate-pulse rounded bg-slate-800/80 motion-reduce:animate-none" />
      <div className="mt-1.5 h-3 w-1/2 animate-pulse rounded bg-slate-800/60 motion-reduce:animate-none" />
    </div>
  );
}
