import type { RemoteSearchState } from '@series-tracker/contracts';
import { CloudOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '@/components/ui/spinner';

/**
 * What the search page says about TVmaze (issue 18): when it cannot be reached the results
 * are the local catalogue's only, and a show we do not have yet cannot appear; while it is
 * slow, more shows may still join the list (the query asks again on its own).
 */
export function RemoteSearchNotice({
  remote,
  checking,
}: {
  remote: RemoteSearchState | undefined;
  /** The page is asking again for what TVmaze adds. */
  checking: boolean;
}) {
  if (remote === 'unavailable') {
    return (
      <p
        role="status"
        className="mb-4 flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
      >
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <FormattedMessage
            id="search.remoteUnavailable"
            defaultMessage="Showing local results only: TVmaze, where we look for shows we don't have yet, can't be reached right now. Try again later to find more."
          />
        </span>
      </p>
    );
  }
  if (remote === 'pending' && checking) {
    return (
      <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-400">
        <Spinner className="size-4" />
        <span>
          <FormattedMessage
            id="search.remotePending"
            defaultMessage="Looking for more shows on TVmaze..."
          />
        </span>
      </p>
    );
  }
  return null;
}
