import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The bordered list of a member's things on the settings page (sessions, tokens, apps, links). */
export function ItemList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {children}
    </ul>
  );
}

/**
 * One thing in an `ItemList`: its icon, what it is (`children`) and the one button that acts on
 * it (`action`, e.g. an `ItemAction`; none for a thing that cannot be acted on).
 */
export function ItemRow({
  icon: Icon,
  bodyClassName,
  action,
  children,
}: {
  icon: LucideIcon;
  bodyClassName?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-slate-400" />
      <div className={cn('min-w-0 flex-1', bodyClassName)}>{children}</div>
      {action}
    </li>
  );
}

/** A row's button (Revoke, Disconnect, Sign out…): `label` names the thing it acts on. */
export function ItemAction({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} disabled={disabled} aria-label={label}>
      {children}
    </Button>
  );
}
