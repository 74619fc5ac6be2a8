import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { onReconnect } from './connection';

/** A 4xx will not change on retry; network errors and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * When the server answers again after an outage, what failed on screen is asked again at
 * once (ADR 176): an error or a "Could not refresh" line does not wait for a click.
 */
export function refetchFailedOnReconnect(queryClient: QueryClient): () => void {
  return onReconnect(() => {
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  });
}
