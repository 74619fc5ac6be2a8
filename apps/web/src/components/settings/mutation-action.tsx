import type { ReactNode } from 'react';
import { BusyButton } from '@/components/forms/busy-button';
import { MutationError } from '@/components/forms/mutation-error';

/**
 * A change started by one small button (send again, make new URLs): the button (`busyLabel`
 * while it runs), what to say beside it (`children`) and why it failed (`fallback` when the
 * server gives no reason).
 */
export function MutationAction({
  mutation,
  label,
  busyLabel,
  fallback,
  children,
}: {
  mutation: { mutate: () => void; isPending: boolean; isError: boolean; error: unknown };
  label: string;
  busyLabel: string;
  fallback: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <BusyButton
        variant="secondary"
        size="sm"
        onClick={() => mutation.mutate()}
        busy={mutation.isPending}
        busyLabel={busyLabel}
      >
        {label}
      </BusyButton>
      {children}
      <MutationError mutation={mutation} fallback={fallback} />
    </div>
  );
}
