import type { ListSummary } from '@series-tracker/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelative, itemsText, tileTone } from '../lib/list-format';
import { RankedBadge, RankText, VisibilityBadge } from './list-badges';

/**
 * One cover of the strip. A missing or failing image becomes a coloured tile (with the rank
 * number on ranked lists), never a broken image (spec §2).
 */
function CoverTile({
  src,
  title,
  rank,
  seed,
}: {
  src: string | null;
  title: string;
  rank: number | null;
  seed: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative aspect-[2/3] overflow-hidden rounded-md bg-slate-800">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={210}
          height={295}
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <div
          aria-hidden
          className={cn(
            'flex size-full items-center justify-center p-1 text-center text-[0.65rem] leading-tight font-semibold text-white/90',
            tileTone(seed),
          )}
        >
          {rank !== null ? (
            <span className="text-lg font-bold">
              <RankText rank={rank} />
            </span>
          ) : (
            title.slice(0, 24)
          )}
        </div>
      )}
      {rank !== null && src && !failed ? (
        <span className="absolute start-1 top-1 rounded bg-slate-950/85 px-1.5 py-0.5 text-[0.65rem] font-bold text-amber-200">
          <RankText rank={rank} />
        </span>
      ) : null}
    </div>
  );
}

/** A list on /lists (and profile pages): cover strip, counts, name, author, updated date. */
export function ListCard({ list, now }: { list: ListSummary; now?: number }) {
  const covers = list.covers.slice(0, 4);
  const owner = list.user.displayName || list.user.username;
  const updated = formatRelative(list.updatedAt, now);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition-colors hover:border-slate-600">
      <div className="grid grid-cols-4 gap-1.5 bg-slate-950/40 p-3">
        {Array.from({ length: 4 }, (_, i) => {
          const cover = covers[i];
          return cover ? (
            <CoverTile
              key={cover.showId}
              src={cover.coverImageUrl}
              title={cover.title}
              rank={list.isRanked ? i + 1 : null}
              seed={list.id + i}
            />
          ) : (
            <div
              key={`empty-${i}`}
              aria-hidden
              className="aspect-[2/3] rounded-md border border-dashed border-slate-800 bg-slate-900/40"
            />
          );
        })}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 pt-3">
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-300">
          <span className="font-semibold text-slate-200">{itemsText(list.itemCount)}</span>
          {list.isRanked ? <RankedBadge /> : null}
          <VisibilityBadge isPublic={list.isPublic} />
        </div>
        <h3 className="text-lg leading-snug font-semibold break-words text-white">
          {/* The whole card is the link; the heading names it for screen readers. */}
          <Link
            dir="auto"
            to={`/list/${list.id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-has-[a:focus-visible]:underline"
          >
            {list.name}
          </Link>
        </h3>
        {list.description ? (
          <p className="line-clamp-2 text-sm break-words text-slate-400">{list.description}</p>
        ) : null}
        <div className="mt-auto flex items-center gap-2 pt-2 text-sm text-slate-400">
          <Avatar user={list.user} size="sm" />
          {/* Above the card's whole-card link, so the name goes to the owner's profile. */}
          <Link
            to={`/profile/${encodeURIComponent(list.user.username)}`}
            className="relative z-10 min-w-0 truncate rounded text-slate-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {owner}
          </Link>
          {updated ? (
            <span className="ms-auto shrink-0 text-xs text-slate-400">
              <FormattedMessage
                id="lists.updatedAgo"
                defaultMessage="Updated {when}"
                values={{ when: updated }}
              />
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function ListCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
      <div className="grid grid-cols-4 gap-1.5 p-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="aspect-[2/3] rounded-md" />
        ))}
      </div>
      <div className="space-y-2 p-4 pt-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <div className="flex items-center gap-2 pt-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
    </div>
  );
}
