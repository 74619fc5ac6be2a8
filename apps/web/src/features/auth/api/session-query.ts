import { queryOptions } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/query-client';
import { authKeys } from './auth-keys';
import { loadSession } from './get-current-user';

/**
 * The session is a query: its data is the signed-in user, or null when anonymous.
 * It never refetches once known; login, register, logout and other tabs update it. A check
 * that failed without an answer (network, 5xx) is retried twice, and again when the browser
 * comes back online (an errored query without data counts as stale).
 */
export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal, client }) => loadSession(signal, client),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: shouldRetry,
});

/**
 * Set when this tab signed out: protected screens then send the visitor home (spec §2:
 * Sign Out returns to /), not to the sign-in page. Cleared by signing in.
 */
export const signedOutQueryOptions = queryOptions({
  queryKey: authKeys.signedOut,
  queryFn: () => false,
  initialData: false,
  staleTime: Infinity,
  gcTime: Infinity,
});
