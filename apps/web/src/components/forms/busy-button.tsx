import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * A button for something that takes a moment (a save, a send): while `busy` it says so
 * (`busyLabel`) and cannot be pressed again.
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: ReactNode }) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
