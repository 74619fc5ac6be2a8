import type { ListDetail, ListItem } from '@series-tracker/contracts';
import { ListX } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  return (
    <section className="mt-10" aria-labelledby="list-items-heading">
      <h2 id="list-items-heading" className="mb-4 text-xl font-bold text-white">
        {list.isRanked ? (
          <FormattedMessage id="lists.rankings" defaultMessage="Rankings" />
        ) : (
          <FormattedMessage id="lists.items" defaultMessage="Items" />
        )}
      </h2>
      <div className="mb-4">
        <MyServicesToggle filter={myServices} id="list-my-services" />
      </div>
      {items.isPending ? (
        <p className="flex items-center gap-2 text-slate-400" role="status">
          <Spinner />
          <FormattedMessage
            id="lists.loadingShowDetails"
            defaultMessage="Loading show details..."
          />
        </p>
      ) : items.isError && loaded.length === 0 ? (
        <FormAlert>
          <FormattedMessage
            id="lists.itemsLoadFailed"
            defaultMessage="Could not load the shows on this list: {reason} <retry>Try Again</retry>"
            values={{
              reason: items.error.message,
              retry: (chunks) => (
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void items.refetch()}
                >
                  {chunks}
                </button>
              ),
            }}
          />
        </FormAlert>
      ) : loaded.length === 0 ? (
        <EmptyState
          icon={ListX}
          title={intl.formatMessage({ id: 'lists.emptyTitle', defaultMessage: 'Empty List' })}
          message={intl.formatMessage({
            id: 'lists.emptyMessage',
            defaultMessage: "This list doesn't have any items yet.",
          })}
        />
      ) : (
        <>
          <ListItems items={loaded} ranked={list.isRanked} actions={actions} />
          <div className="mt-6 flex flex-col items-center gap-2">
            {items.isFetchNextPageError ? (
              <FormAlert>
                <FormattedMessage
                  id="lists.moreItemsFailed"
                  defaultMessage="Could not load more shows. {reason}"
                  values={{ reason: items.error?.message }}
                />
              </FormAlert>
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
                    <FormattedMessage id="lists.loading" defaultMessage="Loading..." />
                  </>
                ) : (
                  <FormattedMessage
                    id="lists.loadMoreItems"
                    defaultMessage="Load more ({count})"
                    values={{ count: Math.min(LIST_ITEMS_PAGE_SIZE, total - loaded.length) }}
                  />
                )}
              </Button>
            ) : null}
            {total > loaded.length ? (
              <p className="text-sm text-slate-400">
                <FormattedMessage
                  id="lists.showingOf"
                  defaultMessage="Showing {shown} of {total}"
                  values={{ shown: loaded.length, total }}
                />
              </p>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
