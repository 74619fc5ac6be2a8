import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  message,
  children,
  className,
  headingLevel = 2,
}: {
  icon: LucideIcon;
  title: string;
  message?: string;
  children?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-800 bg-slate-900/30 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-slate-800/80 text-slate-400">
        <Icon aria-hidden className="size-6" strokeWidth={1.75} />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-white">{title}</Heading>
      {message ? (
        <p className="mt-1.5 max-w-md text-sm leading-relaxed text-slate-400">{message}</p>
      ) : null}
      {children ? <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
