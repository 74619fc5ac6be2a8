import type { ShowSpoilers, SpoilerSettings } from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';

/** Spoiler protection (ADR 181): the member's setting and each show's spoiler state. */
export const spoilerKeys = {
  all: ['spoilers'] as const,
  settings: ['spoilers', 'settings'] as const,
  show: (showId: number) => ['spoilers', 'show', showId] as const,
};

export const showSpoilersQueryOptions = (showId: number) =>
  queryOptions({
    queryKey: spoilerKeys.show(showId),
    queryFn: ({ signal }) => api.get<ShowSpoilers>(`/spoilers/shows/${showId}`, { signal }),
  });

/** Visitors see everything: nothing is asked for them. */
export function useShowSpoilersQuery(showId: number | null) {
  const { status } = useAuth();
  return useQuery({
    ...showSpoilersQueryOptions(showId ?? 0),
    enabled: status === 'authenticated' && showId !== null,
  });
}

export function useSpoilerSettings() {
  return useQuery({
    queryKey: spoilerKeys.settings,
    queryFn: ({ signal }) => api.get<SpoilerSettings>('/spoilers/settings', { signal }),
  });
}

/** What a member sees changes everywhere: every answer that hides or flags episodes again. */
function refreshEverywhere(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: spoilerKeys.all });
  void client.invalidateQueries({ queryKey: ['calendar', 'range'] });
  void client.invalidateQueries({ queryKey: ['tracking', 'up-next'] });
  void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
}

export function useUpdateSpoilerSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SpoilerSettings) => api.put<SpoilerSettings>('/spoilers/settings', body),
    onSuccess: (settings) => {
      client.setQueryData(spoilerKeys.settings, settings);
      refreshEverywhere(client);
    },
  });
}

/** "Show spoilers for this show" on or off (stored on the server). */
export function useSetShowRevealed(showId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revealed: boolean) =>
      api.put<ShowSpoilers>(`/spoilers/shows/${showId}`, { revealed }),
    onSuccess: (state) => {
      client.setQueryData(spoilerKeys.show(showId), state);
      refreshEverywhere(client);
    },
  });
}
