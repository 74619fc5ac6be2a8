import { listViews, type ListView } from '@series-tracker/contracts/constants';
import { ListPlus } from 'lucide-react';
import { useMemo } from 'react';
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  useIntl,
  type MessageDescriptor,
} from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadMore } from '@/components/ui/load-more';
import { useLists } from '@/features/lists/api/lists';
import { ListCard, ListCardSkeleton } from '@/features/lists/components/list-card';
import { listsTotalText } from '@/features/lists/lib/list-format';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { uniqueItems } from '@/lib/paging';
import { pageTitle } from '@/lib/site';

/** Spec §9: 6 skeleton cards while lists load. */
export const LISTS_SKELETONS = 6;

const viewLabels: Record<ListView, MessageDescriptor> = defineMessages({
  recent: { id: 'lists.viewRecent', defaultMessage: 'Recently Updated' },
  popular: { id: 'lists.viewPopular', defaultMessage: 'Most Popular' },
  ranked: { id: 'lists.viewRanked', defaultMessage: 'Ranked Lists' },
  all: { id: 'lists.viewAll', defaultMessage: 'All Lists' },
});

const loadFailed = defineMessage({
  id: 'lists.loadFailed',
  defaultMessage: 'Failed to load lists',
});

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** /lists: the community's public lists (spec §2 Community lists). */
export function ListsRoute() {
  const [params, setParams] = useSearchParams();
  const intl = useIntl();
  const raw = params.get('view');
  const view: ListView = listViews.find((v) => v === raw) ?? 'recent';
  const query = useLists(view);

  // Pages can overlap when lists move between loads; each list appears once.
  const lists = useMemo(() => uniqueItems(query.data?.pages), [query.data]);
  const total = query.data?.pages.at(-1)?.total;

  function pick(next: ListView) {
    const search = new URLSearchParams(params);
    if (next === 'recent') search.delete('view');
    else search.set('view', next);
    setParams(search, { replace: true });
  }

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>
        {pageTitle(
          intl.formatMessage({ id: 'lists.communityTitle', defaultMessage: 'Community Lists' }),
        )}
      </title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            <FormattedMessage id="lists.communityTitle" defaultMessage="Community Lists" />
          </h1>
          <p className="mt-1 min-h-6 text-slate-400" aria-live="polite">
            {total !== undefined ? listsTotalText(total) : null}
          </p>
        </div>
        <Link to="/lists/create" className={buttonStyles({ size: 'lg' })}>
          <ListPlus aria-hidden className="size-5" />
          <FormattedMessage id="lists.createList" defaultMessage="Create List" />
        </Link>
      </div>

      <div
        role="group"
        aria-label={intl.formatMessage({ id: 'lists.viewsLabel', defaultMessage: 'Show lists' })}
        className="-mx-4 mt-6 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {listViews.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={v === view}
            onClick={() => pick(v)}
            className={cn(
              'h-9 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
              v === view
                ? 'border-violet-500 bg-violet-600 text-white'
                : 'border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-500 hover:text-white',
            )}
          >
            {intl.formatMessage(viewLabels[v])}
          </button>
        ))}
      </div>

      <div className="mt-6">
        {query.isPending ? (
          <SkeletonList
            count={LISTS_SKELETONS}
            item={<ListCardSkeleton />}
            className={grid}
            label={intl.formatMessage({
              id: 'lists.loadingLists',
              defaultMessage: 'Loading lists',
            })}
          />
        ) : query.isError && lists.length === 0 ? (
          <QueryErrorState
            title={intl.formatMessage(loadFailed)}
            query={query}
            message={
              isApiError(query.error) && query.error.fromServer
                ? query.error.message
                : intl.formatMessage(loadFailed)
            }
          />
        ) : lists.length === 0 ? (
          <EmptyState
            icon={ListPlus}
            title={intl.formatMessage({ id: 'lists.noneFound', defaultMessage: 'No lists found' })}
            message={
              view === 'all'
                ? intl.formatMessage({
                    id: 'lists.noneYet',
                    defaultMessage:
                      'Be the first to create a list and share your favorites with the community!',
                  })
                : intl.formatMessage({
                    id: 'lists.noneInView',
                    defaultMessage:
                      'Try adjusting your filters or create a new list to get started.',
                  })
            }
          >
            <Link to="/lists/create" className={buttonStyles({ size: 'lg' })}>
              <FormattedMessage id="lists.createFirst" defaultMessage="Create Your First List" />
            </Link>
          </EmptyState>
        ) : (
          <>
            <h2 className="sr-only">{intl.formatMessage(viewLabels[view])}</h2>
            <ItemList items={lists} className={grid}>
              {(list) => <ListCard list={list} />}
            </ItemList>
            <div className="mt-8 flex flex-col items-center gap-3">
              {query.isFetchNextPageError ? (
                <FormAlert>
                  <FormattedMessage
                    id="lists.moreListsFailed"
                    defaultMessage="Could not load more lists. {reason}"
                    values={{ reason: query.error?.message }}
                  />
                </FormAlert>
              ) : null}
              <LoadMore
                query={query}
                label={intl.formatMessage({
                  id: 'lists.loadMoreLists',
                  defaultMessage: 'Load More Lists',
                })}
                retryLabel={intl.formatMessage({
                  id: 'lists.tryAgain',
                  defaultMessage: 'Try Again',
                })}
                spinner
                size="lg"
                inline
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
