import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Skeleton } from '@/components/ui/skeleton';
import { pageTitle } from '@/lib/site';

/** The write/edit review page: breadcrumb back to Reviews, the title, then the form. */
export function WriteReviewShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <Breadcrumb
        links={[{ to: '/reviews', label: 'Reviews' }]}
        current={title === 'Edit Review' ? 'Edit Review' : 'Write Review'}
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
