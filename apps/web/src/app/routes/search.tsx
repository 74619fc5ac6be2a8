import { showKinds, showSorts, showStatuses } from '@series-tracker/contracts/constants';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import { useMyServices } from '@/features/watch/hooks/use-my-services';
import { SearchX, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
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
import { ReviewSearchResults } from '@/features/reviews/components/review-search-results';
import { useGenres } from '@/features/shows/api/get-genres';
import { useShows } from '@/features/shows/api/get-shows';
import {
  ShowResultCard,
  ShowResultCardSkeleton,
} from '@/features/shows/components/show-result-card';
import { TabList } from '@/components/ui/tab-list';
import { formatCount } from '@/lib/format';
import { pageTitle } from '@/lib/site';

export const searchTabs = ['shows', 'users', 'reviews'] as const;
type SearchTab = (typeof searchTabs)[number];

export const EMPTY_HINT = 'Try adjusting your search terms or exploring different categories';

const statusLabels: Record<string, string> = {
  airing: 'Airing',
  completed: 'Completed',
  upcoming: 'Upcoming',
  tbd: 'To be announced',
  unknown: 'Unknown',
};
const sortLabels: Record<string, string> = {
  popular: 'Most popular',
  top_rated: 'Top rated',
  recent: 'Newest',
  title: 'Title A–Z',
};
const kindLabels: Record<string, string> = { series: 'TV series', anime: 'Anime' };

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** /browse and /search (spec §2): one screen; query, tab and filters live in the URL. */
export function SearchRoute() {
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
    setParams(next, { replace: true, preventScrollReset: true });
  }

  const heading = q ? `Results for "${q}"` : 'Browse Shows';

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(q ? `Search: ${q}` : 'Browse Shows')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
        {heading}
      </h1>
      <p className="mt-1 text-sm text-slate-400">
        {q
          ? 'Shows matching any of their titles, best match first, people by name, and reviews.'
          : 'Explore the catalogue of TV series and anime.'}
      </p>

      <SearchBox
        key={q}
        defaultValue={q}
        label="Search"
        className="mt-6 max-w-2xl"
        inputClassName="h-12 text-base"
        suggestionLimit={SEARCH_PAGE_SUGGESTION_LIMIT}
      />

      <TabList
        label="Result categories"
        tabs={searchTabs.map((name) => ({ id: name, label: name }))}
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
          <ReviewSearchResults q={q} emptyHint={EMPTY_HINT} />
        )}
      </div>
    </div>
  );
}

function NothingFound({ tab, children }: { tab: SearchTab; children?: ReactNode }) {
  return (
    <EmptyState icon={SearchX} title={`No ${tab} found`} message={EMPTY_HINT}>
      {children}
    </EmptyState>
  );
}

const selectClass =
  'h-10 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm text-slate-100 focus:border-violet-500 focus:ring-2 focus:ring-violet-500/30 focus:outline-none';

function ShowFilters({
  genre,
  status,
  kind,
  sort,
  onChange,
}: {
  genre: string | undefined;
  status: string | undefined;
  kind: string | undefined;
  /** Absent while searching: results are then ordered by relevance. */
  sort: string | undefined;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const genres = useGenres();
  const genreOptions = genres.data ?? [];
  const active = Boolean(genre || status || kind || (sort && sort !== 'popular'));
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:flex lg:items-end">
      <FilterSelect
        label="Genre"
        value={genre ?? ''}
        onChange={(value) => onChange({ genre: value })}
        any="All genres"
        // Keep a genre from the URL selectable even before (or without) the list.
        options={(genre && !genreOptions.includes(genre) ? [genre] : [])
          .concat(genreOptions)
          .map((name) => ({ value: name, label: name }))}
      />
      <FilterSelect
        label="Status"
        value={status ?? ''}
        onChange={(value) => onChange({ status: value })}
        any="Any status"
        options={showStatuses.map((name) => ({ value: name, label: statusLabels[name] }))}
      />
      <FilterSelect
        label="Type"
        value={kind ?? ''}
        onChange={(value) => onChange({ kind: value })}
        any="Series and anime"
        options={showKinds.map((name) => ({ value: name, label: kindLabels[name] }))}
      />
      {sort ? (
        <FilterSelect
          label="Sort by"
          value={sort}
          onChange={(value) => onChange({ sort: value === 'popular' ? undefined : value })}
          options={showSorts.map((name) => ({ value: name, label: sortLabels[name] }))}
        />
      ) : null}
      {active ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start sm:col-span-4 lg:col-span-1"
          onClick={() =>
            onChange({ genre: undefined, status: undefined, kind: undefined, sort: undefined })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** A labelled filter; `any` is the first, empty choice (none for the sort order). */
function FilterSelect({
  label,
  value,
  onChange,
  any,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  any?: string;
  options: { value: string; label: string | undefined }[];
}) {
  const id = `filter-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="min-w-0 lg:w-48">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
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
      <h2 className="sr-only">Shows</h2>
      <p className="mb-4 text-sm text-slate-400" aria-live="polite">
        {formatCount(total)} {total === 1 ? 'show' : 'shows'}
      </p>
      <ItemList items={shows} className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {(show) => <ShowResultCard show={show} />}
      </ItemList>
      <LoadMore query={query} className="mt-8" />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-300">
          Could not load more shows. Please try again.
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
  const query = usePeopleSearch(q, { enabled: q.length > 0 });
  if (!q) {
    return (
      <EmptyState
        icon={UserRound}
        title="Find people"
        message="Type a username or display name in the search box to find other viewers."
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
