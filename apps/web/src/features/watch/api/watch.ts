import type {
  ShowWatch,
  UpdateWatchSettings,
  WatchServiceOption,
  WatchSettings,
} from '@series-tracker/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where to watch (ADR 182). Settings live under 'tracking' so sign-out drops them. */
export const watchKeys = {
  show: (id: number, country: string | null) => ['watch', 'show', id, country ?? ''] as const,
  settings: ['tracking', 'watch-settings'] as const,
  services: (country: string | null) => ['watch', 'services', country ?? ''] as const,
};

/** The browser's region ("en-GB" → GB, "de" → DE), a first guess for a member's country. */
export function browserCountry(): string | null {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

export function useShowWatch(showId: number, country: string | null) {
  return useQuery({
    queryKey: watchKeys.show(showId, country),
    queryFn: ({ signal }) =>
      api.get<ShowWatch>(`/shows/${showId}/watch`, {
        params: country ? { country } : {},
        signal,
      }),
    // TMDB is asked by a job on the first view: look again shortly while it is pending.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

export function useWatchSettings({ enabled = true } = {}) {
  return useQuery({
    queryKey: watchKeys.settings,
    queryFn: ({ signal }) => api.get<WatchSettings>('/me/watch-settings', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useUpdateWatchSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWatchSettings) => api.put<WatchSettings>('/me/watch-settings', body),
    onSuccess: (saved) => {
      client.setQueryData(watchKeys.settings, saved);
      void client.invalidateQueries({ queryKey: ['watch', 'show'] });
      // Filtered listings follow the new services.
      void client.invalidateQueries({ queryKey: ['tracking'] });
    },
  });
}

export function useServiceOptions(country: string | null) {
  return useQuery({
    queryKey: watchKeys.services(country),
    queryFn: ({ signal }) =>
      api.get<{ data: WatchServiceOption[] }>('/watch/services', {
        params: country ? { country } : {},
        signal,
      }),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
  });
}
