import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { moderationWords } from './moderation-messages';

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
  const intl = useIntl();
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary" type="button">
            {intl.formatMessage(moderationWords.cancel)}
          </Button>
        </DialogClose>
        {children}
      </div>
    </>
  );
}
