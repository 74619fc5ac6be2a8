import { queryOptions } from '@tanstack/react-query';
import { authKeys } from './auth-keys';
import { loadSession } from './get-current-user';

/**
 * The session is a query: its data is the signed-in user, or null when anonymous.
 * It never refetches on its own; login, register, logout and other tabs update it.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => loadSession(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});
