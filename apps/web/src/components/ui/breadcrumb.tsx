import { ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { intl } from '@/i18n/locale-state';
import { cn } from '@/lib/cn';

/** Breadcrumb links look like links (violet, underlined), not like the grey text around them. */
const crumbLink =
  'rounded text-violet-300 underline decoration-violet-300/40 underline-offset-4 hover:text-violet-200 hover:decoration-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

export interface Crumb {
  to: string;
  label: ReactNode;
  /** More classes for the link (a long show title truncates). */
  className?: string;
}

/** Where the page sits: links to the pages above it, then the page itself (not a link). */
export function Breadcrumb({ links, current }: { links: Crumb[]; current: ReactNode }) {
  return (
    <nav aria-label={intl().formatMessage({ id: 'ui.breadcrumb', defaultMessage: 'Breadcrumb' })}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-400">
        {links.map((crumb) => (
          <Fragment key={crumb.to}>
            <li className="min-w-0">
              <Link to={crumb.to} className={cn(crumbLink, crumb.className)}>
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden>
              <ChevronRight className="size-4 rtl:-scale-x-100" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-slate-200">
          {current}
        </li>
      </ol>
    </nav>
  );
}
