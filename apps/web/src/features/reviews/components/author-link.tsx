import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** An author's name, linked to their profile (spec §2: /profile/{username}). */
export function AuthorLink({
  user,
  className,
}: {
  user: { username: string; displayName: string | null } | null;
  className?: string;
}) {
  if (!user)
    return (
      <span className={cn('text-slate-400', className)}>
        <FormattedMessage id="reviews.anonymous" defaultMessage="Anonymous" />
      </span>
    );
  return (
    <Link
      to={`/profile/${encodeURIComponent(user.username)}`}
      dir="auto"
      className={cn(
        'rounded font-medium text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
        className,
      )}
    >
      {user.displayName || user.username}
    </Link>
  );
}

/** The author of a review as `Avatar` and `AuthorLink` take them (the review carries flat fields). */
export function reviewAuthor(review: {
  username: string;
  userDisplayName: string | null;
  userAvatarUrl: string | null;
}) {
  return {
    username: review.username,
    displayName: review.userDisplayName,
    avatarUrl: review.userAvatarUrl,
  };
}
