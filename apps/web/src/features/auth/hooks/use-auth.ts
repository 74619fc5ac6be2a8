import type { CurrentUser } from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../api/session-query';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
}

/** Auth state (spec §4): loading, then authenticated (with the user) or anonymous. */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  if (isPending) return { status: 'loading', user: null };
  if (data) return { status: 'authenticated', user: data };
  return { status: 'anonymous', user: null };
}
