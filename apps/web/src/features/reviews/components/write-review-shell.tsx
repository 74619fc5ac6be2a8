import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Skeleton } from '@/components/ui/skeleton';
import { pageTitle } from '@/lib/site';
import { reviewWords } from '../lib/messages';

/** The write/edit review page: breadcrumb back to Reviews, the title, then the form. */
export function WriteReviewShell({
  mode,
  children,
}: {
  /** A new review ('Write a Review') or the member's own to change ('Edit Review'). */
  mode: 'write' | 'edit';
  children: ReactNode;
}) {
  const intl = useIntl();
  const title =
    mode === 'edit'
      ? intl.formatMessage({ id: 'reviews.editTitle', defaultMessage: 'Edit Review' })
      : intl.formatMessage({ id: 'reviews.writeTitle', defaultMessage: 'Write a Review' });
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <Breadcrumb
        links={[
          {
            to: '/reviews',
            label: intl.formatMessage({ id: 'reviews.title', defaultMessage: 'Reviews' }),
          },
        ]}
        current={mode === 'edit' ? title : intl.formatMessage(reviewWords.writeReview)}
      />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {title}
      </h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function ReviewFormSkeleton() {
  return (
    <div className="space-y-4" data-testid="write-review-skeleton">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
