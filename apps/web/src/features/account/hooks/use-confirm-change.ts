import { useQuery } from '@tanstack/react-query';
import { getSecurity, securityKeys } from '@/features/auth/api/security';
import { useRecentSignIn } from '@/features/auth/components/confirm-identity';

/**
 * How the member confirms a change to their account: with their password (`withPassword`),
 * or, for an account made through single sign-on, which has none, a recent sign-in instead
 * ("Confirm it's you" → "Sign in again with <provider>", ADR 174). `run` wraps the change;
 * `dialog` is that sign-in dialog, to render with the form.
 */
export function useConfirmChange() {
  const status = useQuery({ queryKey: securityKeys.status, queryFn: getSecurity });
  const { run, dialog } = useRecentSignIn();
  return { withPassword: status.data?.hasPassword ?? true, run, dialog };
}
