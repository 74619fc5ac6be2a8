import { useSearchParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLogout } from '@/features/auth/hooks/use-session-actions';

/** The `?token=` of a mailed link, trimmed; '' when the address has none. */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token')?.trim() ?? '';
}

/**
 * For a change that ends every session of the account (a new password, an undone e-mail
 * change): signs this browser out too, when it was signed in.
 */
export function useSignOutHere(): () => Promise<void> {
  const { status } = useAuth();
  const logout = useLogout();
  return async () => {
    if (status === 'authenticated') await logout();
  };
}
