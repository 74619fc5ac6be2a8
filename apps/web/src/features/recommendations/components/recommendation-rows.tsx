import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useRecommendations } from '../api/recommendations';
import { BecauseRows } from './because-rows';

const link =
  'rounded px-1 py-1 text-sm font-semibold whitespace-nowrap text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400';

/** Home (signed in): the first "Because you watched" rows; hidden until there are picks. */
export function RecommendationRows({ maxRows = 2 }: { maxRows?: number }) {
  const query = useRecommendations(30);
  const picks = query.data?.data ?? [];
  // A failed or empty load hides the rows: home has plenty else, /recommendations says why.
  if (picks.length === 0) return null;
  const allPicks = <FormattedMessage id="recommendations.allPicks" defaultMessage="All picks" />;
  return (
    <>
      <BecauseRows
        picks={picks}
        maxRows={maxRows}
        // Beside the first heading on wider screens; at 360 px it squeezed the heading into
        // four lines, so phones get it under the rows instead.
        action={
          <Link to="/recommendations" className={cn(link, 'hidden sm:inline-flex')}>
            {allPicks}
          </Link>
        }
      />
      <p className="-mt-10 sm:hidden">
        <Link to="/recommendations" className={link}>
          {allPicks}
        </Link>
      </p>
    </>
  );
}
