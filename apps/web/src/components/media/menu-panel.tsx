import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The open panel of a show's action menu (add to a list, add with a status): a titled Radix
 * menu content, 6px from its trigger. `className` sizes it.
 */
export function MenuPanel({
  label,
  align,
  className,
  children,
}: {
  label: string;
  align: 'start' | 'end';
  className?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={6}
        className={cn(
          'z-50 rounded-xl border border-slate-700 bg-slate-900 p-1 shadow-2xl shadow-black/50',
          className,
        )}
      >
        <DropdownMenu.Label className="px-3 py-1.5 text-xs text-slate-400">
          {label}
        </DropdownMenu.Label>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
