import type { QueryClient } from '@tanstack/react-query';
import { getEpisodeQueryOptions } from '@/features/episodes/api/get-episode';
import { getShowQueryOptions } from '@/features/shows/api/get-show';
import { getTrendingShowsQueryOptions } from '@/features/shows/api/get-trending-shows';

const idPattern = /^\/(show|episode)\/(\d{1,10})\/?$/;

/**
 * Starts the first screen's main request as the app boots, while the screen's own code is
 * still loading (route-level code splitting would otherwise wait for the chunk, then ask).
 * The screen's query uses the same options, so it picks up the request in flight.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  if (pathname === '/') {
    void client.prefetchQuery(getTrendingShowsQueryOptions());
    return;
  }
  const match = idPattern.exec(pathname);
  const id = match ? Number(match[2]) : 0;
  if (!match || id < 1 || id > 2_147_483_647) return;
  if (match[1] === 'show') void client.prefetchQuery(getShowQueryOptions(id));
  else void client.prefetchQuery(getEpisodeQueryOptions(id));
}
