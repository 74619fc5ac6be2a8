import { Link } from 'react-router';
import { useRecommendations } from '../api/recommendations';
import { BecauseRows } from './because-rows';

/** Home (signed in): the first "Because you watched" rows; hidden until there are picks. */
export function RecommendationRows({ maxRows = 2 }: { maxRows?: number }) {
  const query = useRecommendations(30);
  const picks = query.data?.data ?? [];
  // A failed or empty load hides the rows: home has plenty else, /recommendations says why.
  if (picks.length === 0) return null;
  return (
    <BecauseRows
      picks={picks}
      maxRows={maxRows}
      action={
        <Link
          to="/recommendations"
          className="rounded px-1 py-1 text-sm font-semibold whitespace-nowrap text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          All picks
        </Link>
      }
    />
  );
}
