import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { getStoredToken } from '@/lib/token-storage';
import { authKeys } from '../api/auth-keys';
import { sessionQueryOptions } from '../api/session-query';
import { sessionEnded } from '../api/forget-member';

/**
 * Starts the session check as the app mounts, and follows sign-in and sign-out in other
 * tabs (the token is shared through localStorage).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useQuery(sessionQueryOptions);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  // A token that expired or was revoked elsewhere makes the server answer 401 to any call:
  // forget it and show the visitor as signed out (protected screens then send them to sign in).
  useEffect(() => {
    function onError(error: unknown) {
      if (!isApiError(error) || error.status !== 401 || error.code !== 'UNAUTHORIZED') return;
      if (!getStoredToken()) return;
      // As sign-out does, and nothing of the member stays for the next visitor (ADR 162).
      queryClient.setQueryData(authKeys.me, null);
      sessionEnded(queryClient);
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  return children;
}
