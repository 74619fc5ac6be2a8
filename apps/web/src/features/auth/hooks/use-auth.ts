import type { CurrentUser } from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions, signedOutQueryOptions } from '../api/session-query';

/**
 * Spec §4: loading, then authenticated (with the user) or anonymous. `unavailable`: a token
 * is stored but the server could not be asked about it (offline, server error); the token
 * is kept and `retry` asks again (ADR 030).
 */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous' | 'unavailable';

export interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
  /** True after this tab signed out (until the next sign-in). */
  signedOut: boolean;
  /** Checks the stored token again (after `unavailable`). */
  retry: () => void;
  /** A check of the stored token is running. */
  checking: boolean;
}

export function useAuth(): AuthState {
  const { data, isPending, isError, isFetching, refetch } = useQuery(sessionQueryOptions);
  const { data: signedOut } = useQuery(signedOutQueryOptions);
  const base = { retry: () => void refetch(), checking: isFetching };
  if (data) return { ...base, status: 'authenticated', user: data, signedOut: false };
  if (isError && data === undefined)
    return { ...base, status: 'unavailable', user: null, signedOut: false };
  if (isPending) return { ...base, status: 'loading', user: null, signedOut: false };
  return { ...base, status: 'anonymous', user: null, signedOut };
}
