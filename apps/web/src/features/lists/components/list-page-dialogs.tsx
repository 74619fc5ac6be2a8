import type { ListDetail, ListItem } from '@series-tracker/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
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
  const navigate = useNavigate();
  const update = useUpdateList(id);
  const remove = useDeleteList(id);
  const duplicate = useDuplicateList(id);
  const notes = useUpdateListItemNotes(id);
  const removeItem = useRemoveListItem(id);
  return (
    <>
      {dialog?.kind === 'edit' ? (
        <EditListDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          list={list}
          saving={update.isPending}
          error={update.error}
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
          open
          onOpenChange={(open) => !open && setDialog(null)}
          name={list.name}
          deleting={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.info(`Deleted “${list.name}”.`);
                void navigate('/lists', { replace: true });
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'duplicate' ? (
        <DuplicateListDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          sourceName={list.name}
          saving={duplicate.isPending}
          error={duplicate.error}
          onDuplicate={(name) =>
            duplicate.mutate(name, {
              onSuccess: (copy) => {
                toast.info(`Created your copy “${copy.name}”.`);
                void navigate(`/list/${copy.id}`);
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'notes' ? (
        <NotesDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          item={dialog.item}
          saving={notes.isPending}
          error={notes.error}
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
  const title = item.show.title || `Show ID: ${item.showId}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${title} from “${listName}”?`}
      description="Its notes go with it. The shows after it move up one place."
    >
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button className="bg-rose-600 hover:bg-rose-500" onClick={onConfirm}>
          Remove
        </Button>
      </div>
    </Dialog>
  );
}
