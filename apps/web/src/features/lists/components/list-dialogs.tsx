import {
  listLimits,
  listMessages,
  type ListDetail,
  type ListItem,
} from '@series-tracker/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { contractText } from '@/i18n/contract-text';
import { errorReason } from '@/lib/api-client';
import { counterText, itemTitle } from '../lib/list-format';
import {
  ListDetailsFields,
  validateListDetails,
  type ListDetailsErrors,
  type ListDetailsValue,
} from './list-details-fields';

/** What the list page gives each of its dialogs that saves something. */
export interface SavingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  error: unknown;
}

function CancelButton() {
  return (
    <DialogClose asChild>
      <Button variant="secondary">
        <FormattedMessage id="lists.cancel" defaultMessage="Cancel" />
      </Button>
    </DialogClose>
  );
}

/** Edit name, description, visibility and ranking (owner only). */
export function EditListDialog({
  open,
  onOpenChange,
  saving,
  error,
  list,
  onSave,
}: SavingDialogProps & { list: ListDetail; onSave: (value: ListDetailsValue) => void }) {
  const [value, setValue] = useState<ListDetailsValue>({
    name: list.name,
    description: list.description ?? '',
    isPublic: list.isPublic,
    isRanked: list.isRanked,
  });
  const [errors, setErrors] = useState<ListDetailsErrors>({});
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'lists.editTitle', defaultMessage: 'Edit List' })}
      className="max-w-lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = validateListDetails(value);
          setErrors(found);
          if (Object.keys(found).length === 0) onSave(value);
        }}
        className="space-y-5"
      >
        <ListDetailsFields value={value} onChange={setValue} errors={errors} />
        {error ? (
          <FormAlert>
            <FormattedMessage
              id="lists.saveFailed"
              defaultMessage="Could not save the list: {reason}."
              values={{ reason: errorReason(error) }}
            />
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <CancelButton />
          <Button type="submit" disabled={saving || !value.name.trim()}>
            {saving ? (
              <FormattedMessage id="lists.saving" defaultMessage="Saving..." />
            ) : (
              <FormattedMessage id="lists.saveChanges" defaultMessage="Save Changes" />
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ConfirmDeleteListDialog({
  open,
  onOpenChange,
  name,
  deleting,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  deleting: boolean;
  error: unknown;
  onConfirm: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(
        { id: 'lists.deleteTitle', defaultMessage: 'Delete “{name}”?' },
        { name },
      )}
      description={intl.formatMessage({
        id: 'lists.deleteDescription',
        defaultMessage:
          'The list and all its items are deleted for good, and its followers lose it. This cannot be undone.',
      })}
    >
      {error ? (
        <div className="mb-4">
          <FormAlert>
            <FormattedMessage
              id="lists.deleteFailed"
              defaultMessage="Could not delete the list: {reason}."
              values={{ reason: errorReason(error) }}
            />
          </FormAlert>
        </div>
      ) : null}
      <ConfirmActions
        label={intl.formatMessage({ id: 'lists.deleteList', defaultMessage: 'Delete List' })}
        pendingLabel={intl.formatMessage({ id: 'lists.deleting', defaultMessage: 'Deleting...' })}
        danger
        pending={deleting}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

export function DuplicateListDialog({
  open,
  onOpenChange,
  saving,
  error,
  sourceName,
  onDuplicate,
}: SavingDialogProps & { sourceName: string; onDuplicate: (name: string) => void }) {
  const intl = useIntl();
  const [name, setName] = useState(() =>
    intl
      .formatMessage(
        { id: 'lists.copyName', defaultMessage: 'Copy of {name}' },
        { name: sourceName },
      )
      .slice(0, listLimits.nameMax),
  );
  const [fieldError, setFieldError] = useState<string>();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'lists.duplicateTitle', defaultMessage: 'Duplicate List' })}
      description={intl.formatMessage({
        id: 'lists.duplicateDescription',
        defaultMessage:
          'You get a private copy with the same shows, order and notes. You can edit it and make it public later.',
      })}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setFieldError(contractText(listMessages.nameRequired));
          if (trimmed.length > listLimits.nameMax)
            return setFieldError(contractText(listMessages.nameTooLong));
          setFieldError(undefined);
          onDuplicate(trimmed);
        }}
      >
        <TextField
          label={intl.formatMessage({
            id: 'lists.copyNameLabel',
            defaultMessage: 'Name of your copy',
          })}
          value={name}
          maxLength={listLimits.nameMax}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
        />
        {error ? (
          <FormAlert>
            <FormattedMessage
              id="lists.duplicateFailed"
              defaultMessage="Could not duplicate the list: {reason}."
              values={{ reason: errorReason(error) }}
            />
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <CancelButton />
          <Button type="submit" disabled={saving}>
            {saving ? (
              <FormattedMessage id="lists.duplicating" defaultMessage="Duplicating..." />
            ) : (
              <FormattedMessage id="lists.duplicate" defaultMessage="Duplicate" />
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function NotesDialog({
  open,
  onOpenChange,
  saving,
  error,
  item,
  onSave,
}: SavingDialogProps & { item: ListItem; onSave: (notes: string) => void }) {
  const [notes, setNotes] = useState(item.notes ?? '');
  const tooLong = notes.trim().length > listLimits.notesMax;
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(
        { id: 'lists.notesTitle', defaultMessage: 'Notes on {title}' },
        { title: itemTitle(item) },
      )}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) onSave(notes.trim());
        }}
      >
        <label className="block space-y-1.5">
          <span className="flex justify-between text-sm font-medium text-slate-200">
            <FormattedMessage id="lists.notes" defaultMessage="Notes" />
            <span className={tooLong ? 'text-rose-300' : 'text-xs text-slate-400'}>
              {counterText(notes.length, listLimits.notesMax)}
            </span>
          </span>
          <textarea
            value={notes}
            rows={5}
            maxLength={listLimits.notesMax}
            onChange={(e) => setNotes(e.target.value)}
            className="block w-full rounded-lg border border-slate-700 bg-slate-900/80 px-3 py-2 text-base text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm"
          />
        </label>
        {tooLong ? (
          <p className="text-sm text-rose-300">{contractText(listMessages.notesTooLong)}</p>
        ) : null}
        {error ? (
          <FormAlert>
            <FormattedMessage
              id="lists.notesSaveFailed"
              defaultMessage="Could not save the notes: {reason}."
              values={{ reason: errorReason(error) }}
            />
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <CancelButton />
          <Button type="submit" disabled={saving || tooLong}>
            {saving ? (
              <FormattedMessage id="lists.saving" defaultMessage="Saving..." />
            ) : (
              <FormattedMessage id="lists.saveNotes" defaultMessage="Save Notes" />
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
