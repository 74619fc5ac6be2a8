import type { ShowFilters } from '@series-tracker/contracts';

/** Query keys of the shows feature, so a change in one place invalidates the right caches. */
export const showsKeys = {
  all: ['shows'] as const,
  detail: (id: number) => ['shows', 'detail', id] as const,
  similar: (id: number, limit: number) => ['shows', 'similar', id, limit] as const,
  list: (filters: Partial<Omit<ShowFilters, 'services'>> & { services?: string }) =>
    ['shows', 'list', filters] as const,
  genres: () => ['shows', 'genres'] as const,
  trending: (limit: number) => ['shows', 'trending', limit] as const,
  today: (date: string, limit: number) => ['shows', 'today', date, limit] as const,
  todayPages: (date: string, limit: number) => ['shows', 'today', date, limit, 'pages'] as const,
};
