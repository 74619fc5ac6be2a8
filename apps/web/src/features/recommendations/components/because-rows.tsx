import type { Recommendation } from '@series-tracker/contracts';
import { recommendationMessages } from '@series-tracker/contracts/constants';
import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Carousel } from '@/components/ui/carousel';
import { ShowPosterCard } from '@/features/shows/components/show-poster-card';
import { contractText } from '@/i18n/contract-text';
import { useDismissRecommendation } from '../api/recommendations';

export interface BecauseGroup {
  because: Recommendation['because'];
  picks: Recommendation[];
}

/** Picks grouped by the show that brought them, groups in the order of their best pick. */
export function groupByBecause(picks: Recommendation[]): BecauseGroup[] {
  const groups = new Map<number, BecauseGroup>();
  for (const pick of picks) {
    const group = groups.get(pick.because.id) ?? { because: pick.because, picks: [] };
    group.picks.push(pick);
    groups.set(pick.because.id, group);
  }
  return [...groups.values()];
}

/**
 * "Because you watched X" rows (ADR 183): one carousel per tracked show that brought picks,
 * each card with its "Not interested" button. `maxRows` keeps the home page short; `action`
 * goes beside the first row's heading (home: a link to every pick).
 */
export function BecauseRows({
  picks,
  maxRows,
  action,
}: {
  picks: Recommendation[];
  maxRows?: number;
  action?: ReactNode;
}) {
  const groups = groupByBecause(picks).slice(0, maxRows);
  return (
    <>
      {groups.map((group, index) => (
        <Carousel
          key={group.because.id}
          headingId={`because-${group.because.id}`}
          title={
            <FormattedMessage
              id="recommendations.becauseYouWatched"
              defaultMessage="Because you watched {title}"
              values={{ title: <span dir="auto">{group.because.title}</span> }}
            />
          }
          action={index === 0 ? action : undefined}
        >
          {group.picks.map((pick) => (
            <li key={pick.show.id} className="w-36 shrink-0 snap-start sm:w-44">
              <PickCard pick={pick} />
            </li>
          ))}
        </Carousel>
      ))}
    </>
  );
}

function PickCard({ pick }: { pick: Recommendation }) {
  const intl = useIntl();
  const dismiss = useDismissRecommendation();
  return (
    <div className="flex h-full flex-col">
      <ShowPosterCard show={pick.show} />
      <button
        type="button"
        className="mt-2 inline-flex min-h-8 items-center gap-1.5 self-start rounded-md px-2 text-xs font-medium text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
        aria-label={intl.formatMessage(
          { id: 'recommendations.notInterestedIn', defaultMessage: 'Not interested: {title}' },
          { title: pick.show.title },
        )}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate({ showId: pick.show.id, title: pick.show.title })}
      >
        <EyeOff aria-hidden className="size-3.5" />
        {contractText(recommendationMessages.notInterested)}
      </button>
    </div>
  );
}
