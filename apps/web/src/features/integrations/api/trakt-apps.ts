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

/** The member's answer to an app (Approve or Deny); an approved app then shows under Connected apps. */
function useTraktAnswer<Body extends { decision: TraktDecision }, Result>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<Result>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traktAppsKey }),
  });
}

/** /activate, step 2: approve or deny the app behind the code. */
export const useDecideDeviceCode = () =>
  useTraktAnswer<{ userCode: string; decision: TraktDecision }, TraktDeviceDecisionResult>(
    '/trakt-apps/device',
  );

/** The consent page's answer (Approve / Deny). */
export const useAuthorizeTraktApp = () =>
  useTraktAnswer<{ request: TraktAuthorizeRequest; decision: TraktDecision }, TraktAuthorizeResult>(
    '/trakt-apps/authorize',
  );
