import { Heart } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import type { useUserFavorites } from '../api/people';
import { ProfileSectionList } from './profile-section-list';

/** The member's favourite shows as covers; `limit` shows the first few (the Overview). */
export function FavoritesGrid({
  query,
  limit,
}: {
  query: ReturnType<typeof useUserFavorites>;
  limit?: number;
}) {
  const intl = useIntl();
  return (
    <ProfileSectionList
      query={query}
      skeleton={{ count: 6, itemClassName: 'aspect-[2/3] rounded-lg' }}
      errorTitle={intl.formatMessage({
        id: 'users.favoritesFailed',
        defaultMessage: 'Could not load the favourites',
      })}
      headingLevel={3}
      empty={{
        icon: Heart,
        title: intl.formatMessage({ id: 'users.noFavorites', defaultMessage: 'No favorites yet.' }),
      }}
      listClassName="grid grid-cols-3 gap-3 sm:grid-cols-6"
      itemKey={(f) => f.id}
      limit={limit}
      renderItem={(f) => (
        <Link to={`/show/${f.showId}`} className="group block">
          <CoverImage
            src={f.show.coverImageUrl}
            title={f.show.title}
            decorative
            className="aspect-[2/3] w-full rounded-lg"
          />
          <span className="mt-1.5 line-clamp-2 text-xs font-medium text-slate-200 group-hover:text-violet-300">
            {f.show.title}
          </span>
        </Link>
      )}
    />
  );
}
