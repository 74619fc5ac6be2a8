import type { ListDetail, ListItem } from '@series-tracker/contracts';
import { ListX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import type { useMyServices } from '@/features/watch/hooks/use-my-services';
import { LIST_ITEMS_PAGE_SIZE, type useListItems } from '../api/lists';
import { ListItems, type ItemActions } from './list-items';

/** 'Rankings' or 'Items': the shows on a list, 100 at a time, with the 'my services' filter. */
export function ListItemsSection({
  list,
  items,
  loaded,
  total,
  myServices,
  actions,
}: {
  list: ListDetail;
  items: ReturnType<typeof useListItems>;
  loaded: ListItem[];
  total: number;
  myServices: ReturnType<typeof useMyServices>;
  actions: ItemActions;
}) {
  return (
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
  );
}
