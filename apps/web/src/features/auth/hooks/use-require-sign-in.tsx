import { useCallback, type ReactElement } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { useAuth, type AuthState } from './use-auth';

/** The toast of a tracking control whose session check could not reach the server. */
const signInCheckFailed = () =>
  intl().formatMessage({
    id: 'auth.signInCheckFailedToast',
    defaultMessage: 'Could not check your sign-in. Check your connection and try again.',
  });

/** /login with a way back to where the visitor is now. */
export function loginPathFor(location: {
  pathname: string;
  search: string;
  hash?: string;
}): string {
  return `/login?next=${encodeURIComponent(`${location.pathname}${location.search}${location.hash ?? ''}`)}`;
}

/**
 * Guards a tracking control: signed-in users go ahead (true); visitors are sent to sign in
 * and come back here afterwards (spec §6: tracking is for signed-in users).
 */
export function useRequireSignIn(): {
  status: ReturnType<typeof useAuth>['status'];
  requireSignIn: () => boolean;
} {
  const { status, retry } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const requireSignIn = useCallback(() => {
    if (status === 'authenticated') return true;
    if (status === 'anonymous') void navigate(loginPathFor(location));
    if (status === 'unavailable') {
      // Signed in as far as we know, but the server could not confirm it: ask again.
      toast.error(signInCheckFailed());
      retry();
    }
    return false;
  }, [status, retry, navigate, location]);
  return { status, requireSignIn };
}

/**
 * A signed-in-only page: `redirect` is what the page renders instead while the visitor is
 * signed out: sign in and come back here, or the home page right after signing out here
 * (unless `homeAfterSignOut` is false). The other statuses are the page's to show.
 */
export function useSignedInPage({ homeAfterSignOut = true } = {}): AuthState & {
  redirect: ReactElement | null;
} {
  const auth = useAuth();
  const location = useLocation();
  const redirect =
    auth.status === 'anonymous' ? (
      <Navigate to={homeAfterSignOut && auth.signedOut ? '/' : loginPathFor(location)} replace />
    ) : null;
  return { ...auth, redirect };
}
