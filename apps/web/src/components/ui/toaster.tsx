import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { intl } from '@/i18n/locale-state';
import { cn } from '@/lib/cn';

/*
 * A tiny toast store: mutations report failures (and the odd confirmation) from anywhere,
 * and one <Toaster /> in the layout shows them. Errors are role=alert so they are announced.
 */
export type ToastTone = 'error' | 'info';
export interface ToastMessage {
  id: number;
  tone: ToastTone;
  message: string;
}

const TOAST_MS = 6000;
const MAX_TOASTS = 3;
let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function push(tone: ToastTone, message: string): number {
  const id = nextId++;
  // The same message twice in a row (two failed clicks) shows once.
  toasts = [...toasts.filter((t) => t.message !== message), { id, tone, message }].slice(
    -MAX_TOASTS,
  );
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
};

/** Test helper: forget every toast. */
export function clearToasts() {
  toasts = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
    </div>
  );
}

function ToastCard({ item }: { item: ToastMessage }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  return (
    <div
      role={item.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-2xl shadow-black/50 backdrop-blur',
        item.tone === 'error'
          ? 'border-rose-500/40 bg-rose-950/90 text-rose-100'
          : 'border-slate-700 bg-slate-900/95 text-slate-100',
      )}
    >
      <p className="flex-1 leading-snug">{item.message}</p>
      <button
        type="button"
        aria-label={intl().formatMessage({ id: 'ui.dismiss', defaultMessage: 'Dismiss' })}
        onClick={() => dismissToast(item.id)}
        className="-m-1 rounded p-1 text-current/70 hover:text-current focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
