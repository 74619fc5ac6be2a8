import type { Person } from '@series-tracker/contracts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FollowButton } from '@/features/social/components/follow-button';

/**
 * A member in a list of people: links to the profile; Follow only for a signed-in viewer and
 * never on their own row (spec §2 Search, §5).
 */
export function PersonRow({ person }: { person: Person }) {
  const { user } = useAuth();
  const name = person.displayName || person.username;
  const own = user?.id === person.id;
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      <Link to={`/profile/${person.username}`} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar user={person} />
        <span className="min-w-0">
          <span
            dir="auto"
            className="block truncate font-semibold text-white hover:text-violet-300"
          >
            {name}
          </span>
          <span className="block truncate text-sm text-slate-400">
            <FormattedMessage
              id="users.personLine"
              defaultMessage="@{username} · {count, plural, one {# follower} other {# followers}}"
              values={{ username: person.username, count: person.followersCount }}
            />
          </span>
        </span>
      </Link>
      {user && !own ? (
        <span className="shrink-0">
          <FollowButton userId={person.id} name={name} initial={person.isFollowing ?? false} />
        </span>
      ) : null}
    </div>
  );
}
