import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { Skeleton } from '@/components/ui/skeleton';

/** What a paged profile query needs to be shown (an infinite query of `{ data }` pages). */
export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  data: { pages: { data: T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchNextPageError?: boolean;
}

/** A part of a profile that could not load: why, and Try again (busy while it refetches). */
export function ProfileLoadError({
  query,
  title,
  headingLevel,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  title: string;
  headingLevel: 2 | 3;
}) {
  return <QueryErrorState query={query} title={title} headingLevel={headingLevel} />;
}

/**
 * One paged collection of a profile (lists, reviews, favourites, season ratings): skeletons
 * while it loads, the error with a retry, an empty state, then the items and 'Load more'.
 */
export function ProfileSectionList<T>({
  query,
  skeleton,
  errorTitle,
  headingLevel = 2,
  empty,
  listClassName,
  itemClassName,
  itemKey,
  renderItem,
  limit,
  moreClassName = 'mt-6',
  testId,
}: {
  query: PagedQuery<T>;
  /** How many placeholders, each with its own class, laid out like the list unless `className` says otherwise. */
  skeleton: { count: number; className?: string; itemClassName: string };
  errorTitle: string;
  headingLevel?: 2 | 3;
  empty: { icon: LucideIcon; title: string };
  listClassName: string;
  itemClassName?: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Shows the first few only, without 'Load more' (the Overview's preview). */
  limit?: number;
  moreClassName?: string;
  testId?: string;
}) {
  if (query.isPending) {
    return (
      <div className={skeleton.className ?? listClassName}>
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} className={skeleton.itemClassName} />
        ))}
      </div>
    );
  }
  // A failed refresh keeps what is shown (ADR 176): the full error only when nothing loaded.
  if (query.isError && !query.data)
    return <ProfileLoadError query={query} title={errorTitle} headingLevel={headingLevel} />;
  const all = query.data?.pages.flatMap((p) => p.data) ?? [];
  const items = limit ? all.slice(0, limit) : all;
  if (items.length === 0)
    return <EmptyState icon={empty.icon} title={empty.title} headingLevel={headingLevel} />;
  return (
    <>
      <QueryRefreshError query={query} className="mb-3" />
      <ul className={listClassName} data-testid={testId}>
        {items.map((item) => (
          <li key={itemKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {!limit ? <LoadMore query={query} className={moreClassName} /> : null}
    </>
  );
}
