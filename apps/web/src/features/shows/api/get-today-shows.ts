import type { AiringShow, TodayPage } from '@series-tracker/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export type { AiringShow, TodayPage };

export const TODAY_PAGE_SIZE = 20;

/** Shows with an episode airing on `date`, the viewer's local calendar date. */
export function getTodayShows(date: string, offset: number, signal?: AbortSignal) {
  return api.get<TodayPage>('/shows/today', {
    params: { date, limit: TODAY_PAGE_SIZE, offset },
    signal,
  });
}

export function getTodayShowsQueryOptions(date: string) {
  return queryOptions({
    queryKey: showsKeys.today(date, TODAY_PAGE_SIZE),
    queryFn: ({ signal }) => getTodayShows(date, 0, signal),
  });
}

/** The first page, as the home page needs it. */
export function useTodayShows(date: string) {
  return useQuery(getTodayShowsQueryOptions(date));
}

export function getTodayShowPagesQueryOptions(date: string) {
  return infiniteQueryOptions({
    queryKey: showsKeys.todayPages(date, TODAY_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getTodayShows(date, pageParam, signal),
    initialPageParam: 0,
    // A list handed over from the home page counts as fresh: it is not fetched again.
    staleTime: 5 * 60_000,
    getNextPageParam: (last: TodayPage) =>
      last.hasMore ? last.offset + last.data.length : undefined,
  });
}

/**
 * Today's shows page by page. `seed` is the first page the home page already loaded (passed
 * as navigation state); with it nothing is fetched until the viewer asks for more.
 */
export function useTodayShowPages(date: string, seed: TodayPage | undefined) {
  return useInfiniteQuery({
    ...getTodayShowPagesQueryOptions(date),
    ...(seed ? { initialData: { pages: [seed], pageParams: [0] } } : {}),
  });
}
