import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { useHistory } from '@/features/tracking/api/plays';
import { HistoryList } from '@/features/tracking/components/history-list';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';

/** /history: the signed-in member's diary, every play by day, newest first (ADR 130). */
export function HistoryRoute() {
  const { status, redirect } = useSignedInPage();
  const { formatMessage } = useIntl();
  if (redirect) return redirect;
  const heading = formatMessage({ id: 'tracking.historyHeading', defaultMessage: 'History' });
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(heading)}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{heading}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-400">
        <FormattedMessage
          id="tracking.historyIntro"
          defaultMessage="Every episode you watched, rewatches included, newest first."
        />
      </p>
      {status === 'unavailable' ? (
        <SignInCheckFailed
          what={formatMessage({ id: 'tracking.yourHistory', defaultMessage: 'your history' })}
        />
      ) : (
        <MyHistory enabled={status === 'authenticated'} />
      )}
    </div>
  );
}

function MyHistory({ enabled }: { enabled: boolean }) {
  const query = useHistory('me', { enabled });
  const { formatMessage } = useIntl();
  return (
    <HistoryList
      query={query}
      emptyTitle={formatMessage({ id: 'tracking.noPlaysYet', defaultMessage: 'No plays yet' })}
      emptyMessage={formatMessage({
        id: 'tracking.noPlaysExplained',
        defaultMessage:
          'Episodes you mark as watched, and every time you watch one again, show up here by day.',
      })}
      emptyAction={
        <Link to="/watchlist" className={buttonStyles({ variant: 'secondary', className: 'mt-4' })}>
          <FormattedMessage id="tracking.goToWatchlist" defaultMessage="Go to your watchlist" />
        </Link>
      }
    />
  );
}
