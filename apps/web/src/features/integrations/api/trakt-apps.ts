import type {
  ConnectedTraktApp,
  TraktAuthorizeRequest,
  TraktAuthorizeResult,
  TraktDecision,
  TraktDeviceDecisionResult,
  TraktDeviceRequest,
} from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Apps connected through the Trakt-compatible API (ADR 170): /activate, consent, settings. */
export const traktAppsKey = ['integrations', 'trakt-apps'] as const;

export const traktAppsQueryOptions = queryOptions({
  queryKey: traktAppsKey,
  queryFn: ({ signal }) =>
    api.get<{ data: ConnectedTraktApp[] }>('/trakt-apps', { signal }).then((r) => r.data),
});
export const useTraktApps = () => useQuery(traktAppsQueryOptions);

export function useDisconnectTraktApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/trakt-apps/${id}`),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<ConnectedTraktApp[]>(traktAppsKey, (list) =>
        list?.filter((a) => a.id !== id),
      ),
  });
}

/** /activate, step 1: which app is waiting behind the code. */
export const useLookupDeviceCode = () =>
  useMutation({
    mutationFn: (userCode: string) =>
      api.post<TraktDeviceRequest>('/trakt-apps/device/lookup', { userCode }),
  });

/** /activate, step 2: approve or deny; an approved app shows up under Connected apps. */
export function useDecideDeviceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userCode: string; decision: TraktDecision }) =>
      api.post<TraktDeviceDecisionResult>('/trakt-apps/device', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traktAppsKey }),
  });
}

/** The consent page's answer (Approve / Deny). */
export function useAuthorizeTraktApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { request: TraktAuthorizeRequest; decision: TraktDecision }) =>
      api.post<TraktAuthorizeResult>('/trakt-apps/authorize', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traktAppsKey }),
  });
}
