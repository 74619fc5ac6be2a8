import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A row of tabs (role tablist) over one panel: the open tab is underlined in violet. Each tab's
 * id is `${prefix}tab-${id}` and it controls `${prefix}panel-${id}`, the panel's own id.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  prefix,
  className,
  tabClassName,
  arrowKeys = false,
  onIntent,
}: {
  label: string;
  tabs: readonly { id: T; label: ReactNode }[];
  selected: T;
  onSelect: (id: T) => void;
  prefix: string;
  className: string;
  /** Size and spacing of a tab; its colours and focus ring come from here. */
  tabClassName: string;
  /** Only the open tab is in the Tab order; the arrow keys move to the next or previous one. */
  arrowKeys?: boolean;
  /** The pointer is over a tab or it has focus: a chance to load what it opens. */
  onIntent?: (id: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${prefix}tab-${t.id}`}
          aria-selected={selected === t.id}
          aria-controls={`${prefix}panel-${t.id}`}
          tabIndex={arrowKeys ? (selected === t.id ? 0 : -1) : undefined}
          onClick={() => onSelect(t.id)}
          onPointerEnter={onIntent ? () => onIntent(t.id) : undefined}
          onFocus={onIntent ? () => onIntent(t.id) : undefined}
          onKeyDown={
            arrowKeys
              ? (event) => {
                  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                  const index = tabs.findIndex((other) => other.id === selected);
                  // Right to left (Arabic) the next tab is the one on the left.
                  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
                  const next = event.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
                  const step = next ? 1 : tabs.length - 1;
                  const target = tabs[(index + step) % tabs.length]!;
                  onSelect(target.id);
                  document.getElementById(`${prefix}tab-${target.id}`)?.focus();
                }
              : undefined
          }
          className={cn(
            '-mb-px border-b-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-violet-400',
            tabClassName,
            selected === t.id
              ? 'border-violet-500 text-white'
              : 'border-transparent text-slate-400 hover:text-slate-200',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
