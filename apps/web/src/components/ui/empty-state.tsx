import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  message,
  link,
  children,
  className,
  headingLevel = 2,
}: {
  icon: LucideIcon;
  title: string;
  message?: string;
  /** A way on, drawn as a button: "Browse Shows", "Write a Review". Before `children`. */
  link?: { to: string; label: string; variant?: ButtonVariant; size?: ButtonSize };
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
      {link || children ? (
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {link ? (
            <Link to={link.to} className={buttonStyles({ variant: link.variant, size: link.size })}>
              {link.label}
            </Link>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
