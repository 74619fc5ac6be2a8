import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { authKeys } from '../api/auth-keys';
import { sessionQueryOptions } from '../api/session-query';

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

  return children;
}
