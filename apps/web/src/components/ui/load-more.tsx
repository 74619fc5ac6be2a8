import type { ReactNode } from 'react';
import { intl } from '@/i18n/locale-state';
import { cn } from '@/lib/cn';
import { Button, type ButtonSize } from './button';
import { Spinner } from './spinner';

/** The part of a TanStack infinite query a "Load more" button needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last next-page fetch failed: the button asks again with `retryLabel`. */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
}

/**
 * "Load more" under a paged list: nothing once the last page is in; disabled while the next
 * page loads. Centred in its own row (`className` spaces it) unless `inline`, where it sits
 * in the caller's column beside the caller's error and count lines.
 */
export function LoadMore({
  query,
  label,
  loadingLabel,
  retryLabel,
  spinner = false,
  size,
  className = 'mt-6',
  inline = false,
}: {
  query: NextPages;
  label?: ReactNode;
  loadingLabel?: ReactNode;
  /** Said instead of `label` after a failed fetch of the next page. */
  retryLabel?: ReactNode;
  /** A spinner beside `loadingLabel`. */
  spinner?: boolean;
  size?: ButtonSize;
  className?: string;
  inline?: boolean;
}) {
  if (!query.hasNextPage) return null;
  const { formatMessage } = intl();
  const idle = label ?? formatMessage({ id: 'ui.loadMore', defaultMessage: 'Load more' });
  const loading = loadingLabel ?? formatMessage({ id: 'ui.loading', defaultMessage: 'Loading...' });
  const button = (
    <Button
      variant="secondary"
      size={size}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? (
        spinner ? (
          <>
            <Spinner />
            {loading}
          </>
        ) : (
          loading
        )
      ) : retryLabel !== undefined && query.isFetchNextPageError ? (
        retryLabel
      ) : (
        idle
      )}
    </Button>
  );
  if (inline) return button;
  return <div className={cn(className, 'flex justify-center')}>{button}</div>;
}
