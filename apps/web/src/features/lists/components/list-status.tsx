import { ListX } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { SkeletonLines } from '@/components/media/media-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { pageTitle } from '@/lib/site';

/** Spec §9: 5 skeleton rows while a list loads. */
export const LIST_SKELETON_ROWS = 5;

/** Spec §2: 'Error Loading List' when loading failed, else 'List Not Found'. */
export function ListErrorPanel({
  notFound,
  message,
  onRetry,
}: {
  notFound: boolean;
  message?: string;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const title = notFound
    ? intl.formatMessage({ id: 'lists.notFoundTitle', defaultMessage: 'List Not Found' })
    : intl.formatMessage({ id: 'lists.loadErrorTitle', defaultMessage: 'Error Loading List' });
  return (
    <section
      role={notFound ? undefined : 'alert'}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <title>{pageTitle(title)}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl border border-slate-800 bg-slate-900 text-violet-300">
        <ListX aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white">{title}</h1>
      <p className="mt-3 text-slate-400">
        {notFound
          ? intl.formatMessage({
              id: 'lists.notFoundMessage',
              defaultMessage: "The list you're looking for doesn't exist or has been removed.",
            })
          : message ||
            intl.formatMessage({
              id: 'lists.loadErrorMessage',
              defaultMessage: 'Failed to load list',
            })}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" size="lg" onClick={onRetry}>
          <FormattedMessage id="lists.tryAgain" defaultMessage="Try Again" />
        </Button>
        <Link to="/lists" className={buttonStyles({ size: 'lg' })}>
          <FormattedMessage id="lists.backToLists" defaultMessage="Back to Lists" />
        </Link>
      </div>
    </section>
  );
}

/** The list page while the list loads. */
export function ListSkeleton() {
  const intl = useIntl();
  const loading = intl.formatMessage({ id: 'lists.loadingList', defaultMessage: 'Loading list' });
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6" aria-label={loading}>
      <title>{pageTitle(loading)}</title>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="mt-6 h-9 w-2/3" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-1/2" />
      <ul className="mt-10 space-y-3">
        {Array.from({ length: LIST_SKELETON_ROWS }, (_, i) => (
          <li key={i} className="flex gap-4 rounded-xl border border-slate-800 p-4">
            <Skeleton className="aspect-[2/3] w-16" />
            <SkeletonLines className="flex-1 space-y-2" lines={['h-5 w-1/2', 'h-4 w-1/3']} />
          </li>
        ))}
      </ul>
    </div>
  );
}
