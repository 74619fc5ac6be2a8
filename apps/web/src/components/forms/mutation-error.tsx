import { FormAlert } from '@/components/ui/form-alert';
import { serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** A change (a mutation) that may have failed: only whether it did and why. */
interface Failable {
  isError: boolean;
  error: unknown;
}

/**
 * Why a change failed, as a line announced to readers: the server's message, else `fallback`.
 * Nothing while it has not failed. `className` adds to the line's look (a margin).
 */
export function MutationError({
  mutation,
  fallback,
  className,
}: {
  mutation: Failable;
  fallback: string;
  className?: string;
}) {
  if (!mutation.isError) return null;
  return (
    <p role="alert" className={cn('text-sm text-rose-300', className)}>
      {serverMessageOr(mutation.error, fallback)}
    </p>
  );
}

/** The same, as the boxed alert above a form or a set of buttons. */
export function MutationAlert({ mutation, fallback }: { mutation: Failable; fallback: string }) {
  if (!mutation.isError) return null;
  return <FormAlert>{serverMessageOr(mutation.error, fallback)}</FormAlert>;
}
