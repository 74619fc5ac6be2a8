import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { pageTitle } from '@/lib/site';

const crumbLink =
  'rounded text-violet-300 underline decoration-violet-300/40 underline-offset-4 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** The write/edit review page: breadcrumb back to Reviews, the title, then the form. */
export function WriteReviewShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1.5 text-sm text-slate-400">
          <li>
            <Link to="/reviews" className={crumbLink}>
              Reviews
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-slate-200">
            {title === 'Edit Review' ? 'Edit Review' : 'Write Review'}
          </li>
        </ol>
      </nav>
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
