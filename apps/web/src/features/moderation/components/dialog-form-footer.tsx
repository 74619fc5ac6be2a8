import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';

/**
 * The end of a moderation dialog's form (a report, a decision): why the last send failed
 * (`error`), then Cancel, which closes the dialog, beside the form's submit button (`children`).
 */
export function DialogFormFooter({
  error,
  children,
}: {
  error: string | null;
  children: ReactNode;
}) {
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary" type="button">
            Cancel
          </Button>
        </DialogClose>
        {children}
      </div>
    </>
  );
}
