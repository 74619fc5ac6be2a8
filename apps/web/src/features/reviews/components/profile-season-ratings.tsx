import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { seasonLabel } from '@/features/episodes/components/season-picker';
import { useMemberSeasonRatings } from '../api/season-ratings';

/**
 * A member's season ratings on their profile (issue 29), newest first; the server applies the
 * profile's privacy; 20 at a time.
 */
export function ProfileSeasonRatings({ userId }: { userId: number }) {
  const query = useMemberSeasonRatings(userId);
  if (query.isPending)
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <ErrorState
        title="Could not load the season ratings"
        error={query.error}
        headingLevel={3}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const items = query.data.pages.flatMap((p) => p.data);
  if (!items.length)
    return <EmptyState icon={Star} title="No season ratings yet." headingLevel={3} />;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="profile-season-ratings">
        {items.map((r) => {
          const season = seasonLabel(r.seasonNumber === 0 ? 'specials' : r.seasonNumber);
          return (
            <li
              key={`${r.show.id}:${r.seasonNumber}`}
              className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-3"
            >
              <CoverImage
                src={r.show.coverImageUrl}
                title={r.show.title}
                decorative
                className="aspect-[2/3] w-10 shrink-0 rounded"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/show/${r.show.id}?tab=episodes`}
                  dir="auto"
                  className="block truncate text-sm font-semibold text-slate-100 hover:text-violet-300"
                >
                  {r.show.title}
                </Link>
                <p className="text-xs text-slate-400">{season}</p>
              </div>
              <span
                className="inline-flex shrink-0 items-center gap-1 text-sm font-bold text-amber-300 tabular-nums"
                aria-label={`Rated ${r.rating} out of 10`}
              >
                <Star aria-hidden className="size-4 fill-current" />
                {r.rating}/10
              </span>
            </li>
          );
        })}
      </ul>
      <LoadMore query={query} className="mt-4" />
    </>
  );
}
