import { CircleAlert, CircleCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/cn';

const tones: Record<
  'error' | 'success',
  { role: string; box: string; Icon: LucideIcon; icon: string }
> = {
  error: {
    role: 'alert',
    box: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
    Icon: CircleAlert,
    icon: 'text-rose-300',
  },
  success: {
    role: 'status',
    box: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
    Icon: CircleCheck,
    icon: 'text-emerald-300',
  },
};

function FormNotice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { role, box, Icon, icon } = tones[tone];
  return (
    <div
      role={role}
      className={cn('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm', box)}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', icon)} />
      <div>{children}</div>
    </div>
  );
}

/** A form-level error, announced to screen readers as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return <FormNotice tone="error">{children}</FormNotice>;
}

/** What a form's sending did, announced politely (a status). */
export function FormSuccess({ children }: { children: ReactNode }) {
  return <FormNotice tone="success">{children}</FormNotice>;
}

/**
 * A failed request's `FormAlert`: the server's own message, else `fallback` (spec §8);
 * nothing while there is no error.
 */
export function RequestAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return <FormAlert>{serverMessageOr(error, fallback)}</FormAlert>;
}
