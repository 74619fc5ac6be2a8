import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { flatItems, useList, useListItems, useMoveListItem } from '@/features/lists/api/lists';
import { ListHeader } from '@/features/lists/components/list-header';
import type { ItemActions } from '@/features/lists/components/list-items';
import { ListItemsSection } from '@/features/lists/components/list-items-section';
import {
  ListPageDialogs,
  type ListDialogState,
} from '@/features/lists/components/list-page-dialogs';
import { ListErrorPanel, ListSkeleton } from '@/features/lists/components/list-status';
import { useMyServices } from '@/features/watch/hooks/use-my-services';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { parseId } from './route-id';

export function ListRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <ListErrorPanel notFound onRetry={() => window.location.reload()} />;
  return <ListPage key={id} id={id} />;
}

function ListPage({ id }: { id: number }) {
  const query = useList(id);
  const myServices = useMyServices();
  const items = useListItems(id, { enabled: query.isSuccess, services: myServices.params });
  const { user } = useAuth();
  const [dialog, setDialog] = useState<ListDialogState>(null);
  const move = useMoveListItem(id);

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

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(list.name)}</title>
      <Link
        to="/lists"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-400 hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        <FormattedMessage id="lists.backToLists" defaultMessage="Back to Lists" />
      </Link>
      <ListHeader list={list} isOwner={isOwner} onDialog={setDialog} />
      <ListItemsSection
        list={list}
        items={items}
        loaded={loaded}
        total={total}
        myServices={myServices}
        actions={actions}
      />
      <ListPageDialogs list={list} dialog={dialog} setDialog={setDialog} />
    </div>
  );
}
