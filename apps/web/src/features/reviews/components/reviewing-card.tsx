import { reviewMessages, type ShowDetail } from '@series-tracker/contracts';
import { X } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { useShow } from '@/features/shows/api/get-show';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';

/** 'Reviewing:' the chosen show (spec §2). */
export function ReviewingCard({
  showId,
  onChange,
}: {
  showId: number;
  onChange?: (() => void) | undefined;
}) {
  const query = useShow(showId);
  return (
    <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
          <FormattedMessage id="reviews.reviewing" defaultMessage="Reviewing:" />
        </p>
        {onChange ? (
          <Button variant="ghost" size="sm" onClick={onChange}>
            <X aria-hidden className="size-4" />
            <FormattedMessage id="reviews.changeShow" defaultMessage="Change show" />
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="mt-2 flex gap-3">
          <Skeleton className="aspect-[2/3] w-16" />
          <Skeleton className="h-5 w-48" />
        </div>
      ) : query.isError ? (
        <div className="mt-2">
          <FormAlert>
            {isApiError(query.error) && query.error.status === 404 ? (
              <FormattedMessage
                id="reviews.noSuchShow"
                defaultMessage="{message} No show has this number."
                values={{ message: contractText(reviewMessages.showLoadFailed) }}
              />
            ) : (
              contractText(reviewMessages.showLoadFailed)
            )}
          </FormAlert>
        </div>
      ) : (
        <ShowSummaryRow show={query.data} />
      )}
    </div>
  );
}

function ShowSummaryRow({ show }: { show: ShowDetail }) {
  return (
    <div className="mt-2 flex gap-3">
      <CoverImage
        src={show.coverThumbUrl ?? show.coverImageUrl}
        title={show.title}
        showTitle={false}
        className="aspect-[2/3] w-16 shrink-0 rounded-lg"
      />
      <div className="min-w-0">
        <Link
          to={`/show/${show.id}`}
          className="font-semibold text-white hover:text-violet-200 hover:underline"
        >
          {show.title}
        </Link>
        {show.titleEnglish && show.titleEnglish !== show.title ? (
          <p className="text-sm text-slate-400">{show.titleEnglish}</p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-400">
          {show.episodes !== null ? (
            <span>
              <FormattedMessage
                id="reviews.episodeCount"
                defaultMessage="{count, plural, one {# episode} other {# episodes}}"
                values={{ count: show.episodes }}
              />
            </span>
          ) : null}
          <StatusBadge status={show.status} />
        </p>
      </div>
    </div>
  );
}
