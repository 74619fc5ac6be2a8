import { useIntl } from 'react-intl';
import { ErrorState } from '@/components/ui/error-state';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * A signed-in screen whose session check could not reach the server (useAuth's
 * 'unavailable'): says so, and retries the check. `message` is the whole sentence for the
 * screen ("…so your watchlist cannot be shown yet…"); `what` names what cannot be shown yet,
 * put into a general sentence ("your watchlist"); without either the message stays general.
 */
export function SignInCheckFailed({ what, message }: { what?: string; message?: string }) {
  const intl = useIntl();
  const { retry, checking } = useAuth();
  return (
    <ErrorState
      title={intl.formatMessage({
        id: 'auth.signInCheckFailedTitle',
        defaultMessage: 'Could not check your sign-in',
      })}
      error={null}
      message={
        message ??
        (what
          ? intl.formatMessage(
              {
                id: 'auth.signInCheckFailedWhat',
                defaultMessage:
                  'The server could not be reached, so {what} cannot be shown yet. Check your connection and try again.',
              },
              { what },
            )
          : intl.formatMessage({
              id: 'auth.signInCheckFailed',
              defaultMessage:
                'The server could not be reached. Check your connection and try again.',
            }))
      }
      retrying={checking}
      onRetry={retry}
    />
  );
}
