import { ModerationNotice } from '@/features/moderation/components/moderation-notice';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import { useMyServices } from '@/features/watch/hooks/use-my-services';
import { ReportButton } from '@/features/moderation/components/report-dialog';
import type { ListDetail, ListItem } from '@series-tracker/contracts';
import { ArrowLeft, Copy, ListX, Pencil, Share2, Trash2, UserCheck, UserPlus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonStyles } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/hooks/use-auth';
import {
  flatItems,
  LIST_ITEMS_PAGE_SIZE,
  useDeleteList,
  useDuplicateList,
  useFollowList,
  useList,
  useListItems,
  useMoveListItem,
  useRemoveListItem,
  useUpdateList,
  useUpdateListItemNotes,
} from '@/features/lists/api/lists';
import { RankedBadge, VisibilityBadge } from '@/features/lists/components/list-badges';
import { detailsBody } from '@/features/lists/components/list-details-fields';
import {
  ConfirmDeleteListDialog,
  DuplicateListDialog,
  EditListDialog,
  NotesDialog,
} from '@/features/lists/components/list-dialogs';
import { ListItems, type ItemActions } from '@/features/lists/components/list-items';
import { formatDate, itemsText } from '@/features/lists/lib/list-format';
import { useRequireSignIn } from '@/features/tracking/hooks/use-require-sign-in';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { parseId } from './route-id';

/** Spec §9: 5 skeleton rows while a list loads. */
export const LIST_SKELETON_ROWS = 5;

export function ListRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <ListErrorPanel notFound onRetry={() => window.location.reload()} />;
  return <ListPage key={id} id={id} />;
}

/** Spec §2: 'Error Loading List' when loading failed, else 'List Not Found'. */
function ListErrorPanel({
  notFound,
  message,
  onRetry,
}: {
  notFound: boolean;
  message?: string;
  onRetry: () => void;
}) {
  const title = notFound ? 'List Not Found' : 'Error Loading List';
  return (
    <section
      role={notFound ? undefined : 'alert'}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <title>{pageTitle(title)}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl border border-slate-800 bg-slate-900 text-violet-300">
        <ListX aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white">{title}</h1>
      <p className="mt-3 text-slate-400">
        {notFound
          ? "The list you're looking for doesn't exist or has been removed."
          : message || 'Failed to load list'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" size="lg" onClick={onRetry}>
          Try Again
        </Button>
        <Link to="/lists" className={buttonStyles({ size: 'lg' })}>
          Back to Lists
        </Link>
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6" aria-label="Loading list">
      <title>{pageTitle('Loading list')}</title>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="mt-6 h-9 w-2/3" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-1/2" />
      <ul className="mt-10 space-y-3">
        {Array.from({ length: LIST_SKELETON_ROWS }, (_, i) => (
          <li key={i} className="flex gap-4 rounded-xl border border-slate-800 p-4">
            <Skeleton className="aspect-[2/3] w-16" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function share(list: ListDetail) {
  const url = `${window.location.origin}/list/${list.id}`;
  // Phones get the system share sheet; elsewhere the link goes to the clipboard.
  const coarse = window.matchMedia?.('(pointer: coarse)').matches;
  if (coarse && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: list.name, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.info('Link copied to clipboard.');
  } catch {
    toast.error(`Could not copy the link. Copy it from here: ${url}`);
  }
}

type Dialog =
  { kind: 'edit' | 'delete' | 'duplicate' } | { kind: 'notes' | 'remove'; item: ListItem } | null;

function ListPage({ id }: { id: number }) {
  const query = useList(id);
  const myServices = useMyServices();
  const items = useListItems(id, { enabled: query.isSuccess, services: myServices.params });
  const { user } = useAuth();
  const { requireSignIn } = useRequireSignIn();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const update = useUpdateList(id);
  const remove = useDeleteList(id);
  const follow = useFollowList(id);
  const duplicate = useDuplicateList(id);
  const move = useMoveListItem(id);
  const notes = useUpdateListItemNotes(id);
  const removeItem = useRemoveListItem(id);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = query.data;
  const isOwner = Boolean(list && user && list.user.id === user.id);
  const loaded = useMemo(() => flatItems(items.data), [items.data]);
  const total = items.data?.pages.at(-1)?.total ?? list?.itemCount ?? 0;

  // Stable (mutate and setState are), so memoised rows do not re-render on every render.
  const moveItem = move.mutate;
  const canReorder = isOwner && Boolean(list?.isRanked);
  const actions: ItemActions = useMemo(
    () => ({
      canReorder,
      canEdit: isOwner,
      total,
      onMove: (item, to) => moveItem({ item, to }),
      onEditNotes: (item) => setDialog({ kind: 'notes', item }),
      onRemove: (item) => setDialog({ kind: 'remove', item }),
    }),
    [canReorder, isOwner, total, moveItem],
  );

  if (query.isPending) return <ListSkeleton />;
  if (query.isError || !list) {
    const notFound = isApiError(query.error) && [400, 404].includes(query.error.status);
    return (
      <ListErrorPanel
        notFound={notFound}
        message={isApiError(query.error) ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const owner = list.user.displayName || list.user.username;
  const created = formatDate(list.createdAt);
  const updated = formatDate(list.updatedAt);

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(list.name)}</title>
      <Link
        to="/lists"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-400 hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Lists
      </Link>

      <header className="mt-5">
        <div className="flex flex-wrap items-center gap-2">
          {list.isRanked ? <RankedBadge /> : null}
          {list.isPublic || isOwner ? <VisibilityBadge isPublic={list.isPublic} /> : null}
        </div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          dir="auto"
          className="mt-3 text-3xl font-extrabold tracking-tight break-words text-white focus:outline-none sm:text-4xl"
        >
          {list.name}
        </h1>
        <ModerationNotice moderation={list.moderation} />
        {list.description ? (
          <p dir="auto" className="mt-3 max-w-2xl break-words whitespace-pre-line text-slate-300">
            {list.description}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3 text-sm text-slate-400">
          <span className="flex min-w-0 items-center gap-2.5">
            <Avatar user={list.user} size="md" />
            <span className="min-w-0">
              <Link
                to={`/profile/${encodeURIComponent(list.user.username)}`}
                className="block truncate rounded font-semibold text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
              >
                {owner}
              </Link>
              <span className="block truncate">@{list.user.username}</span>
            </span>
          </span>
          <span>{created ? `Created ${created}` : 'Unknown date'}</span>
          <span>{itemsText(list.itemCount)}</span>
          {updated ? <span>Last updated {updated}</span> : null}
          <span>
            {list.followersCount} {list.followersCount === 1 ? 'follower' : 'followers'}
          </span>
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void share(list)}>
            <Share2 aria-hidden className="size-4" />
            Share
          </Button>
          {isOwner ? (
            <>
              <Button variant="secondary" onClick={() => setDialog({ kind: 'edit' })}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
              <Button
                variant="secondary"
                className="hover:border-rose-500/60 hover:text-rose-200"
                onClick={() => setDialog({ kind: 'delete' })}
              >
                <Trash2 aria-hidden className="size-4" />
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                variant={list.isFollowing ? 'secondary' : 'primary'}
                aria-pressed={list.isFollowing}
                disabled={follow.isPending}
                onClick={() => {
                  if (requireSignIn()) follow.mutate(!list.isFollowing);
                }}
              >
                {list.isFollowing ? (
                  <UserCheck aria-hidden className="size-4" />
                ) : (
                  <UserPlus aria-hidden className="size-4" />
                )}
                {list.isFollowing ? 'Following' : 'Follow'}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  if (requireSignIn()) setDialog({ kind: 'duplicate' });
                }}
              >
                <Copy aria-hidden className="size-4" />
                Duplicate
              </Button>
              {user ? <ReportButton itemType="list" itemId={list.id} size="md" /> : null}
            </>
          )}
        </div>
      </header>

      <section className="mt-10" aria-labelledby="list-items-heading">
        <h2 id="list-items-heading" className="mb-4 text-xl font-bold text-white">
          {list.isRanked ? 'Rankings' : 'Items'}
        </h2>
        <div className="mb-4">
          <MyServicesToggle filter={myServices} id="list-my-services" />
        </div>
        {items.isPending ? (
          <p className="flex items-center gap-2 text-slate-400" role="status">
            <Spinner />
            Loading show details...
          </p>
        ) : items.isError && loaded.length === 0 ? (
          <FormAlert>
            Could not load the shows on this list: {items.error.message}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => void items.refetch()}
            >
              Try Again
            </button>
          </FormAlert>
        ) : loaded.length === 0 ? (
          <EmptyState
            icon={ListX}
            title="Empty List"
            message="This list doesn't have any items yet."
          />
        ) : (
          <>
            <ListItems items={loaded} ranked={list.isRanked} actions={actions} />
            <div className="mt-6 flex flex-col items-center gap-2">
              {items.isFetchNextPageError ? (
                <FormAlert>Could not load more shows. {items.error?.message}</FormAlert>
              ) : null}
              {items.hasNextPage ? (
                <Button
                  variant="secondary"
                  size="lg"
                  disabled={items.isFetchingNextPage}
                  onClick={() => void items.fetchNextPage()}
                >
                  {items.isFetchingNextPage ? (
                    <>
                      <Spinner />
                      Loading...
                    </>
                  ) : (
                    `Load more (${Math.min(LIST_ITEMS_PAGE_SIZE, total - loaded.length)})`
                  )}
                </Button>
              ) : null}
              {total > loaded.length ? (
                <p className="text-sm text-slate-400">
                  Showing {loaded.length} of {total}
                </p>
              ) : null}
            </div>
          </>
        )}
      </section>

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
    </div>
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
