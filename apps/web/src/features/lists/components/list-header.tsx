import type { ListDetail } from '@series-tracker/contracts';
import { Copy, Pencil, Share2, Trash2, UserCheck, UserPlus } from 'lucide-react';
import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ModerationNotice } from '@/features/moderation/components/moderation-notice';
import { ReportButton } from '@/features/moderation/components/report-dialog';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { shareLink } from '@/lib/share-link';
import { useFollowList } from '../api/lists';
import { formatDate, itemsText } from '../lib/list-format';
import { RankedBadge, VisibilityBadge } from './list-badges';
import type { ListDialogState } from './list-page-dialogs';

function share(list: ListDetail) {
  return shareLink(`${window.location.origin}/list/${list.id}`, list.name);
}

/**
 * A list's name, description, owner and dates, and what the viewer may do with it: share;
 * the owner edits or deletes; others follow, duplicate or report.
 */
export function ListHeader({
  list,
  isOwner,
  onDialog,
}: {
  list: ListDetail;
  isOwner: boolean;
  onDialog: (dialog: ListDialogState) => void;
}) {
  const { user } = useAuth();
  const { requireSignIn } = useRequireSignIn();
  const follow = useFollowList(list.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const owner = list.user.displayName || list.user.username;
  const created = formatDate(list.createdAt);
  const updated = formatDate(list.updatedAt);
  const handle = `@${list.user.username}`;
  return (
    <header className="mt-5">
      <div className="flex flex-wrap items-center gap-2">
        {list.isRanked ? <RankedBadge /> : null}
        {list.isPublic || isOwner ? <VisibilityBadge isPublic={list.isPublic} /> : null}
      </div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        dir="auto"
        className="mt-3 text-3xl font-extrabold tracking-tight break-words text-white focus:outline-none sm:text-4xl"
      >
        {list.name}
      </h1>
      <ModerationNotice moderation={list.moderation} />
      {list.description ? (
        <p dir="auto" className="mt-3 max-w-2xl break-words whitespace-pre-line text-slate-300">
          {list.description}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3 text-sm text-slate-400">
        <span className="flex min-w-0 items-center gap-2.5">
          <Avatar user={list.user} size="md" />
          <span className="min-w-0">
            <Link
              to={`/profile/${encodeURIComponent(list.user.username)}`}
              className="block truncate rounded font-semibold text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
            >
              {owner}
            </Link>
            <span className="block truncate">{handle}</span>
          </span>
        </span>
        <span>
          {created ? (
            <FormattedMessage
              id="lists.createdOn"
              defaultMessage="Created {date}"
              values={{ date: created }}
            />
          ) : (
            <FormattedMessage id="lists.unknownDate" defaultMessage="Unknown date" />
          )}
        </span>
        <span>{itemsText(list.itemCount)}</span>
        {updated ? (
          <span>
            <FormattedMessage
              id="lists.lastUpdated"
              defaultMessage="Last updated {date}"
              values={{ date: updated }}
            />
          </span>
        ) : null}
        <span>
          <FormattedMessage
            id="lists.followerCount"
            defaultMessage="{count, plural, one {# follower} other {# followers}}"
            values={{ count: list.followersCount }}
          />
        </span>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void share(list)}>
          <Share2 aria-hidden className="size-4" />
          <FormattedMessage id="lists.share" defaultMessage="Share" />
        </Button>
        {isOwner ? (
          <>
            <Button variant="secondary" onClick={() => onDialog({ kind: 'edit' })}>
              <Pencil aria-hidden className="size-4" />
              <FormattedMessage id="lists.edit" defaultMessage="Edit" />
            </Button>
            <Button
              variant="secondary"
              className="hover:border-rose-500/60 hover:text-rose-200"
              onClick={() => onDialog({ kind: 'delete' })}
            >
              <Trash2 aria-hidden className="size-4" />
              <FormattedMessage id="lists.delete" defaultMessage="Delete" />
            </Button>
          </>
        ) : (
          <>
            <Button
              variant={list.isFollowing ? 'secondary' : 'primary'}
              aria-pressed={list.isFollowing}
              disabled={follow.isPending}
              onClick={() => {
                if (requireSignIn()) follow.mutate(!list.isFollowing);
              }}
            >
              {list.isFollowing ? (
                <UserCheck aria-hidden className="size-4" />
              ) : (
                <UserPlus aria-hidden className="size-4" />
              )}
              {list.isFollowing ? (
                <FormattedMessage id="lists.following" defaultMessage="Following" />
              ) : (
                <FormattedMessage id="lists.follow" defaultMessage="Follow" />
              )}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                if (requireSignIn()) onDialog({ kind: 'duplicate' });
              }}
            >
              <Copy aria-hidden className="size-4" />
              <FormattedMessage id="lists.duplicate" defaultMessage="Duplicate" />
            </Button>
            {user ? <ReportButton itemType="list" itemId={list.id} size="md" /> : null}
          </>
        )}
      </div>
    </header>
  );
}
