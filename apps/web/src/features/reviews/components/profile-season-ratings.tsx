import { Star } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { seasonLabel } from '@/features/episodes/components/season-picker';
import { ProfileSectionList } from '@/features/users/components/profile-section-list';
import { useMemberSeasonRatings } from '../api/season-ratings';
import { outOfTen, ratedOutOfTen } from '../lib/format';

/**
 * A member's season ratings on their profile (issue 29), newest first; the server applies the
 * profile's privacy; 20 at a time.
 */
export function ProfileSeasonRatings({ userId }: { userId: number }) {
  const intl = useIntl();
  const query = useMemberSeasonRatings(userId);
  return (
    <ProfileSectionList
      query={query}
      skeleton={{
        count: 2,
        className: 'grid gap-3 sm:grid-cols-2',
        itemClassName: 'h-20 rounded-xl',
      }}
      errorTitle={intl.formatMessage({
        id: 'reviews.seasonRatingsLoadFailed',
        defaultMessage: 'Could not load the season ratings',
      })}
      headingLevel={3}
      empty={{
        icon: Star,
        title: intl.formatMessage({
          id: 'reviews.noSeasonRatingsYet',
          defaultMessage: 'No season ratings yet.',
        }),
      }}
      listClassName="grid gap-3 sm:grid-cols-2"
      testId="profile-season-ratings"
      itemClassName="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-3"
      itemKey={(r) => `${r.show.id}:${r.seasonNumber}`}
      moreClassName="mt-4"
      renderItem={(r) => (
        <>
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
            <p className="text-xs text-slate-400">
              {seasonLabel(r.seasonNumber === 0 ? 'specials' : r.seasonNumber)}
            </p>
          </div>
          <span
            className="inline-flex shrink-0 items-center gap-1 text-sm font-bold text-amber-300 tabular-nums"
            aria-label={ratedOutOfTen(r.rating)}
          >
            <Star aria-hidden className="size-4 fill-current" />
            {outOfTen(r.rating)}
          </span>
        </>
      )}
    />
  );
}
