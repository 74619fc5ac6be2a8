import type { Page } from '@series-tracker/contracts';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { api, type RequestOptions } from './api-client';

/** The rows of an offset-paged answer. */
type Rows = { data: unknown[] };

/**
 * Next offset = what is loaded now, not last offset + limit: a row that left the list
 * meanwhile (deleted, moved to another status) shifted the server's list by one.
 */
export function loadedOffset(last: Rows & { total: number }, pages: Rows[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length > 0 && loaded < last.total ? loaded : undefined;
}

/** Next offset = this page's offset + its limit, while the server says there is more. */
export function afterLimit(last: {
  offset: number;
  limit: number;
  hasMore: boolean;
}): number | undefined {
  return last.hasMore ? last.offset + last.limit : undefined;
}

/**
 * An infinite query that GETs `path` a page at a time from offset 0. `params` builds each
 * page's query string from its offset (in the order the caller writes it); `next` picks the
 * following offset (`loadedOffset` or `afterLimit`).
 */
export function offsetPages<P extends Rows, K extends QueryKey = QueryKey>({
  queryKey,
  path,
  params,
  next,
  enabled,
}: {
  queryKey: K;
  path: string;
  params: (offset: number) => NonNullable<RequestOptions['params']>;
  next: (last: P, pages: P[]) => number | undefined;
  enabled?: boolean;
}) {
  return infiniteQueryOptions<P, Error, InfiniteData<P, number>, K, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get<P>(path, { params: params(pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: next,
    enabled,
  });
}

/** Every loaded page with `change` applied to each of its items (a cache write after a save). */
export function mapPagedItems<T>(
  old: InfiniteData<Page<T>, number> | undefined,
  change: (item: T) => T,
): InfiniteData<Page<T>, number> | undefined {
  return old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map(change) })) } : old;
}

/**
 * The items of every loaded page, each once: pages can overlap when the list changed on the
 * server between loads. The first copy stays.
 */
export function uniqueItems<T extends { id: number }>(pages: readonly { data: T[] }[] = []): T[] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.data.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    }),
  );
}
