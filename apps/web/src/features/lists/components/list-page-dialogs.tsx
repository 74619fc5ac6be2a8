import type { ListDetail, ListItem } from '@series-tracker/contracts';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import {
  useDeleteList,
  useDuplicateList,
  useRemoveListItem,
  useUpdateList,
  useUpdateListItemNotes,
} from '../api/lists';
import { detailsBody } from './list-details-fields';
import {
  ConfirmDeleteListDialog,
  DuplicateListDialog,
  EditListDialog,
  NotesDialog,
} from './list-dialogs';
import { itemTitle } from '../lib/list-format';

/** The one dialog open on a list page, if any. */
export type ListDialogState =
  { kind: 'edit' | 'delete' | 'duplicate' } | { kind: 'notes' | 'remove'; item: ListItem } | null;

/** The list page's dialogs (edit, delete, duplicate, an item's notes or removal) and their saves. */
export function ListPageDialogs({
  list,
  dialog,
  setDialog,
}: {
  list: ListDetail;
  dialog: ListDialogState;
  setDialog: (dialog: ListDialogState) => void;
}) {
  const id = list.id;
  const intl = useIntl();
  const navigate = useNavigate();
  const update = useUpdateList(id);
  const remove = useDeleteList(id);
  const duplicate = useDuplicateList(id);
  const notes = useUpdateListItemNotes(id);
  const removeItem = useRemoveListItem(id);
  // Each dialog is open while it is the chosen one; closing it chooses none.
  const shown = { open: true, onOpenChange: (open: boolean) => !open && setDialog(null) };
  const savingBy = (m: { isPending: boolean; error: unknown }) => ({
    saving: m.isPending,
    error: m.error,
  });
  return (
    <>
      {dialog?.kind === 'edit' ? (
        <EditListDialog
          {...shown}
          list={list}
          {...savingBy(update)}
          onSave={(value) => {
            const body = detailsBody(value);
            update.mutate(
              { ...body, description: body.description ?? null },
              { onSuccess: () => setDialog(null) },
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDeleteListDialog
          {...shown}
          name={list.name}
          deleting={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.info(
                  intl.formatMessage(
                    { id: 'lists.deletedToast', defaultMessage: 'Deleted “{name}”.' },
                    { name: list.name },
                  ),
                );
                void navigate('/lists', { replace: true });
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'duplicate' ? (
        <DuplicateListDialog
          {...shown}
          sourceName={list.name}
          {...savingBy(duplicate)}
          onDuplicate={(name) =>
            duplicate.mutate(name, {
              onSuccess: (copy) => {
                toast.info(
                  intl.formatMessage(
                    { id: 'lists.duplicatedToast', defaultMessage: 'Created your copy “{name}”.' },
                    { name: copy.name },
                  ),
                );
                void navigate(`/list/${copy.id}`);
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'notes' ? (
        <NotesDialog
          {...shown}
          item={dialog.item}
          {...savingBy(notes)}
          onSave={(text) =>
            notes.mutate({ item: dialog.item, notes: text }, { onSuccess: () => setDialog(null) })
          }
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveItemDialog
          item={dialog.item}
          listName={list.name}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            removeItem.mutate(dialog.item);
            setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}

function RemoveItemDialog({
  item,
  listName,
  onClose,
  onConfirm,
}: {
  item: ListItem;
  listName: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={intl.formatMessage(
        { id: 'lists.removeItemTitle', defaultMessage: 'Remove {title} from “{list}”?' },
        { title: itemTitle(item), list: listName },
      )}
      description={intl.formatMessage({
        id: 'lists.removeItemDescription',
        defaultMessage: 'Its notes go with it. The shows after it move up one place.',
      })}
    >
      <ConfirmActions
        label={intl.formatMessage({ id: 'lists.remove', defaultMessage: 'Remove' })}
        danger
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
