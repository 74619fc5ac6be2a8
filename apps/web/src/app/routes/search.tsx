import { showKinds, showSorts, showStatuses } from '@series-tracker/contracts/constants';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import { useMyServices } from '@/features/watch/hooks/use-my-services';
import { SearchX, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useSearchShows } from '@/features/search/api/search-shows';
import { usePeopleSearch } from '@/features/users/api/people';
import { PersonRow } from '@/features/users/components/person-row';
import { SEARCH_PAGE_SUGGESTION_LIMIT } from '@/features/search/api/get-suggestions';
import { SearchBox } from '@/features/search/components/search-box';
import { RemoteSearchNotice } from '@/features/search/components/remote-search-notice';
import { ShowFilters } from '@/features/search/components/show-filters';
import { ReviewSearchResults } from '@/features/reviews/components/review-search-results';
import { useShows } from '@/features/shows/api/get-shows';
import {
  ShowResultCard,
  ShowResultCardSkeleton,
} from '@/features/shows/components/show-result-card';
import { TabList } from '@/components/ui/tab-list';
import { keepScroll } from '@/lib/keep-scroll';
import { pageTitle } from '@/lib/site';

export const searchTabs = ['shows', 'users', 'reviews'] as const;
type SearchTab = (typeof searchTabs)[number];

const text = defineMessages({
  emptyHint: {
    id: 'search.emptyHint',
    defaultMessage: 'Try adjusting your search terms or exploring different categories',
  },
});

/** The tabs' names, lower case as the spec writes them (the tab capitalises them). */
const tabLabels: Record<SearchTab, MessageDescriptor> = defineMessages({
  shows: { id: 'search.tab.shows', defaultMessage: 'shows' },
  users: { id: 'search.tab.users', defaultMessage: 'users' },
  reviews: { id: 'search.tab.reviews', defaultMessage: 'reviews' },
});

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** /browse and /search (spec §2): one screen; query, tab and filters live in the URL. */
export function SearchRoute() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const tab: SearchTab = pick(params.get('tab'), searchTabs) ?? 'shows';
  const myServices = useMyServices();
  const filters = {
    genre: params.get('genre')?.trim() || undefined,
    status: pick(params.get('status'), showStatuses),
    kind: pick(params.get('kind'), showKinds),
    // "On my services" (ADR 182): the member's saved services, while the switch is on.
    ...myServices.params,
  };
  const sort = pick(params.get('sort'), showSorts) ?? 'popular';

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true, ...keepScroll });
  }

  const browse = intl.formatMessage({ id: 'search.browseShows', defaultMessage: 'Browse Shows' });
  const heading = q
    ? intl.formatMessage({ id: 'search.resultsFor', defaultMessage: 'Results for "{q}"' }, { q })
    : browse;
  const title = q
    ? intl.formatMessage({ id: 'search.pageTitle', defaultMessage: 'Search: {q}' }, { q })
    : browse;

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
        {heading}
      </h1>
      <p className="mt-1 text-sm text-slate-400">
        {q ? (
          <FormattedMessage
            id="search.searchIntro"
            defaultMessage="Shows matching any of their titles, best match first, people by name, and reviews."
          />
        ) : (
          <FormattedMessage
            id="search.browseIntro"
            defaultMessage="Explore the catalogue of TV series and anime."
          />
        )}
      </p>

      <SearchBox
        key={q}
        defaultValue={q}
        label={intl.formatMessage({ id: 'search.label', defaultMessage: 'Search' })}
        className="mt-6 max-w-2xl"
        inputClassName="h-12 text-base"
        suggestionLimit={SEARCH_PAGE_SUGGESTION_LIMIT}
      />

      <TabList
        label={intl.formatMessage({
          id: 'search.resultCategories',
          defaultMessage: 'Result categories',
        })}
        tabs={searchTabs.map((name) => ({ id: name, label: intl.formatMessage(tabLabels[name]) }))}
        selected={tab}
        onSelect={(name) => update({ tab: name === 'shows' ? undefined : name })}
        prefix=""
        className="mt-6 flex gap-1 border-b border-slate-800"
        tabClassName="px-4 py-2.5 text-sm capitalize focus-visible:outline-offset-2"
      />

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="pt-6">
        {tab === 'shows' ? (
          <>
            <ShowFilters
              genre={filters.genre}
              status={filters.status}
              kind={filters.kind}
              sort={q ? undefined : sort}
              onChange={update}
            />
            <div className="mb-4">
              <MyServicesToggle filter={myServices} id="search-my-services" />
            </div>
            {q ? (
              <ShowSearchResults q={q} filters={filters} />
            ) : (
              <BrowseResults filters={{ ...filters, sort }} />
            )}
          </>
        ) : tab === 'users' ? (
          <UserResults q={q} />
        ) : (
          <ReviewSearchResults q={q} emptyHint={intl.formatMessage(text.emptyHint)} />
        )}
      </div>
    </div>
  );
}

function NothingFound({ tab, children }: { tab: SearchTab; children?: ReactNode }) {
  const intl = useIntl();
  const title = intl.formatMessage(
    {
      id: 'search.nothingFound',
      defaultMessage:
        '{tab, select, shows {No shows found} users {No users found} other {No reviews found}}',
    },
    { tab },
  );
  return (
    <EmptyState icon={SearchX} title={title} message={intl.formatMessage(text.emptyHint)}>
      {children}
    </EmptyState>
  );
}

type InfiniteShows = ReturnType<typeof useShows>;

function ShowResults({
  query,
  empty,
  notice,
}: {
  query: InfiniteShows;
  empty: ReactNode;
  /** Said above the results or the empty state (TVmaze unreachable or still answering). */
  notice?: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div
        className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
        data-testid="results-loading"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <ShowResultCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // A failed refresh or next page keeps the cards shown (ADRs 031, 162).
  if (query.isLoadingError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const shows = query.data.pages.flatMap((page) => page.data);
  const total = query.data.pages[0]?.total ?? 0;
  if (shows.length === 0)
    return (
      <>
        {notice}
        {empty}
      </>
    );
  return (
    <>
      {notice}
      {query.isFetchNextPageError ? null : <QueryRefreshError className="mb-4" query={query} />}
      {/* Heading levels step one at a time: the page's h1, this h2, then each card's h3. */}
      <h2 className="sr-only">
        <FormattedMessage id="search.showsHeading" defaultMessage="Shows" />
      </h2>
      <p className="mb-4 text-sm text-slate-400" aria-live="polite">
        <FormattedMessage
          id="search.showCount"
          defaultMessage="{count, plural, one {# show} other {# shows}}"
          values={{ count: total }}
        />
      </p>
      <ItemList items={shows} className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {(show) => <ShowResultCard show={show} />}
      </ItemList>
      <LoadMore query={query} className="mt-8" />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-300">
          <FormattedMessage
            id="search.moreFailed"
            defaultMessage="Could not load more shows. Please try again."
          />
        </p>
      ) : null}
    </>
  );
}

function BrowseResults({ filters }: { filters: Parameters<typeof useShows>[0] }) {
  const query = useShows(filters);
  return <ShowResults query={query} empty={<NothingFound tab="shows" />} />;
}

function ShowSearchResults({
  q,
  filters,
}: {
  q: string;
  filters: Parameters<typeof useSearchShows>[1];
}) {
  const query = useSearchShows(q, filters);
  return (
    <ShowResults
      query={query}
      empty={<NothingFound tab="shows" />}
      notice={
        <RemoteSearchNotice remote={query.data?.pages[0]?.remote} checking={query.awaitingRemote} />
      }
    />
  );
}

function UserResults({ q }: { q: string }) {
  const intl = useIntl();
  const query = usePeopleSearch(q, { enabled: q.length > 0 });
  if (!q) {
    return (
      <EmptyState
        icon={UserRound}
        title={intl.formatMessage({ id: 'search.findPeople', defaultMessage: 'Find people' })}
        message={intl.formatMessage({
          id: 'search.findPeopleHint',
          defaultMessage:
            'Type a username or display name in the search box to find other viewers.',
        })}
      />
    );
  }
  if (query.isPending) {
    return (
      <div
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        data-testid="results-loading"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isLoadingError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <NothingFound tab="users" />;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((person) => (
        <li key={person.id} className="min-w-0">
          <PersonRow person={person} />
        </li>
      ))}
    </ul>
  );
}
