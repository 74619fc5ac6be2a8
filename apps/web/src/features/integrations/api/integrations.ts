import type {
  ApiToken,
  CreateApiTokenBody,
  CreatedApiToken,
  ScrobbleSettings,
} from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of personal API tokens and scrobbling (ADR 161). */
export const integrationKeys = {
  tokens: ['integrations', 'tokens'] as const,
  scrobble: ['integrations', 'scrobble'] as const,
};

export const apiTokensQueryOptions = queryOptions({
  queryKey: integrationKeys.tokens,
  queryFn: ({ signal }) =>
    api.get<{ data: ApiToken[] }>('/api-tokens', { signal }).then((r) => r.data),
});
export const useApiTokens = () => useQuery(apiTokensQueryOptions);

/**
 * Creating a token needs a recent sign-in (ADR 173): `run` (useRecentSignIn) asks "Confirm
 * it's you" on the server's 403 and sends it again.
 */
export function useCreateApiToken(
  run: <T>(action: () => Promise<T>) => Promise<T> = (action) => action(),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      run(() => api.post<CreatedApiToken>('/api-tokens', body)),
    onSuccess: ({ token: _shownOnce, ...created }) =>
      queryClient.setQueryData<ApiToken[]>(integrationKeys.tokens, (list) => [
        created,
        ...(list ?? []),
      ]),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api-tokens/${id}`),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<ApiToken[]>(integrationKeys.tokens, (list) =>
        list?.filter((t) => t.id !== id),
      ),
  });
}

export const scrobbleQueryOptions = queryOptions({
  queryKey: integrationKeys.scrobble,
  queryFn: ({ signal }) => api.get<ScrobbleSettings>('/scrobble/settings', { signal }),
});
export const useScrobbleSettings = () => useQuery(scrobbleQueryOptions);

export function useRotateScrobbleUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ScrobbleSettings>('/scrobble/settings/rotate'),
    onSuccess: (data) => queryClient.setQueryData(integrationKeys.scrobble, data),
  });
}
