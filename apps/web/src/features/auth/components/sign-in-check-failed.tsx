import { ErrorState } from '@/components/ui/error-state';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * A signed-in screen whose session check could not reach the server (useAuth's
 * 'unavailable'): says so, and retries the check. `what` names what cannot be shown yet
 * ("your watchlist"); without it the message stays general.
 */
export function SignInCheckFailed({ what }: { what?: string }) {
  const { retry, checking } = useAuth();
  return (
    <ErrorState
      title="Could not check your sign-in"
      error={null}
      message={
        what
          ? `The server could not be reached, so ${what} cannot be shown yet. Check your connection and try again.`
          : 'The server could not be reached. Check your connection and try again.'
      }
      retrying={checking}
      onRetry={retry}
    />
  );
}
