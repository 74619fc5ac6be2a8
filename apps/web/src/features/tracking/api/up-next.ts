import type { Page, UpNextEntry } from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trackingKeys } from './tracking-keys';

export type { UpNextEntry };

export const UP_NEXT_LIMIT = 12;

/** For each show being watched, the next aired episode not yet seen (most recent first). */
export function useUpNext({
  enabled = true,
  services = {},
}: { enabled?: boolean; services?: { services?: string; servicesCountry?: string } } = {}) {
  return useQuery({
    // "On my services" (ADR 182) is part of the key; invalidating upNext() reaches every one.
    queryKey: [...trackingKeys.upNext(), services],
    queryFn: ({ signal }) =>
      api.get<Page<UpNextEntry>>('/me/up-next', {
        params: { limit: UP_NEXT_LIMIT, ...services },
        signal,
      }),
    enabled,
  });
}
