import { Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { AfterPaint } from '@/components/ui/after-paint';
import { buttonStyles } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { retryableLazy, SectionBoundary } from '@/components/ui/section-boundary';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { useShow } from '@/features/shows/api/get-show';
import { useSimilarShows } from '@/features/shows/api/get-similar-shows';
import { ShowHeader, ShowHeaderSkeleton } from '@/features/shows/components/show-header';
import { ShowOverview } from '@/features/shows/components/show-overview';
import { ShowPosterCard } from '@/features/shows/components/show-poster-card';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';
import { ShowTrackingControls } from '@/features/tracking/components/show-tracking-controls';
import { AddToListControl } from '@/features/lists/components/add-to-list-control';
import { WhereToWatch } from '@/features/watch/components/where-to-watch';
import { keepScroll } from '@/lib/keep-scroll';
import { pageTitle } from '@/lib/site';
import { LoadErrorPage, StatusPage } from './not-found';
import { isNotFound, parseId } from './route-id';

const showTabs = ['overview', 'reviews', 'episodes'] as const;
type Tab = (typeof showTabs)[number];

/*
 * The Reviews and Episodes tabs are closed when the page opens: their code loads when one is
 * about to open (pointer over it, focus, selection), not on the way to the first paint.
 */
const loadReviews = () => import('@/features/reviews/components/show-reviews');
const loadEpisodes = () => import('./show-episodes');
const tabLoaders: Partial<Record<Tab, () => Promise<unknown>>> = {
  reviews: loadReviews,
  episodes: loadEpisodes,
};
// A tab whose code fails to load (bad network) shows an inline retry; the page stays (ADR 162).
const reviewsTab = retryableLazy(() => loadReviews().then((m) => ({ default: m.ShowReviews })));
const episodesTab = retryableLazy(() => loadEpisodes().then((m) => ({ default: m.ShowEpisodes })));

function preloadTab(tab: Tab) {
  void tabLoaders[tab]?.().catch(() => undefined);
}

function TabFallback() {
  const { formatMessage } = useIntl();
  return (
    <div className="flex justify-center py-12">
      <Spinner
        className="size-6 text-slate-500"
        label={formatMessage({ id: 'shows.loading', defaultMessage: 'Loading' })}
      />
    </div>
  );
}

export function ShowNotFound() {
  const { formatMessage } = useIntl();
  return (
    <StatusPage
      title={formatMessage({ id: 'shows.notFoundTitle', defaultMessage: 'Show Not Found' })}
      message={formatMessage({
        id: 'shows.notFoundMessage',
        defaultMessage: "The show you're looking for doesn't exist.",
      })}
    >
      <Link to="/search" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
        <FormattedMessage id="shows.browseShows" defaultMessage="Browse Shows" />
      </Link>
    </StatusPage>
  );
}

export function ShowRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <ShowNotFound />;
  // A new id is a new page: fresh tab state.
  return <ShowPage key={id} id={id} />;
}

function ShowPage({ id }: { id: number }) {
  const query = useShow(id);
  const { formatMessage } = useIntl();
  // The open tab lives in the URL (`?tab=episodes`, ADR 176): a reload keeps it, Back and
  // Forward move between tabs, and a link can open one.
  const [params, setParams] = useSearchParams();
  const tab: Tab = showTabs.find((t) => t === params.get('tab')) ?? 'overview';
  // Episodes load on the first opening of their tab and stay loaded after (spec §2).
  const [episodesOpened, setEpisodesOpened] = useState(tab === 'episodes');
  // Reached by Back/Forward or a link, not a click: the same first opening.
  if (tab === 'episodes' && !episodesOpened) setEpisodesOpened(true);

  if (query.isPending) {
    return (
      <div className="flex-1">
        <title>
          {pageTitle(formatMessage({ id: 'shows.loadingTitle', defaultMessage: 'Loading show' }))}
        </title>
        <ShowHeaderSkeleton />
      </div>
    );
  }
  // A failed refresh keeps the page (ADR 162); only a first load that failed is a full error.
  if (query.isLoadingError) {
    if (isNotFound(query.error)) return <ShowNotFound />;
    return (
      <LoadErrorPage
        title={formatMessage({
          id: 'shows.loadFailed',
          defaultMessage: 'Could not load this show',
        })}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const show = query.data;
  const tabs: { id: Tab; label: string }[] = [
    {
      id: 'overview',
      label: formatMessage({ id: 'shows.tabOverview', defaultMessage: 'Overview' }),
    },
    {
      id: 'reviews',
      label: formatMessage(
        { id: 'shows.tabReviews', defaultMessage: 'Reviews ({count, number})' },
        { count: show.totalReviews },
      ),
    },
    {
      id: 'episodes',
      label: formatMessage({ id: 'shows.tabEpisodes', defaultMessage: 'Episodes' }),
    },
  ];

  function select(next: Tab) {
    if (next === tab) return;
    preloadTab(next);
    const search = new URLSearchParams(params);
    if (next === 'overview') search.delete('tab');
    else search.set('tab', next);
    // A history entry per tab (Back returns to the previous one); the page does not scroll.
    setParams(search, keepScroll);
  }

  return (
    <div className="flex-1">
      <title>{pageTitle(show.title)}</title>
      {query.isRefetchError ? (
        <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
          <QueryRefreshError query={query} />
        </div>
      ) : null}
      <ShowHeader
        show={show}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ShowTrackingControls showId={show.id} title={show.title} />
            <AddToListControl showId={show.id} title={show.title} />
          </div>
        }
      />
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <TabList
          label={formatMessage({ id: 'shows.sections', defaultMessage: 'Show sections' })}
          tabs={tabs}
          selected={tab}
          onSelect={select}
          prefix="show-"
          className="flex gap-1 overflow-x-auto border-b border-slate-800"
          tabClassName="px-3 py-3 text-sm whitespace-nowrap sm:px-4 focus-visible:-outline-offset-2"
          arrowKeys
          onIntent={preloadTab}
        />

        <ShowTabPanel id="overview" open={tab === 'overview'}>
          {tab === 'overview' ? (
            <>
              <WhereToWatch showId={show.id} />
              <ShowOverview show={show} />
            </>
          ) : null}
        </ShowTabPanel>
        <ShowTabPanel id="reviews" open={tab === 'reviews'}>
          {tab === 'reviews' ? (
            <LazyTab
              tab={reviewsTab}
              title={formatMessage({
                id: 'shows.reviewsLoadFailed',
                defaultMessage: 'Could not load the reviews',
              })}
            >
              <reviewsTab.Component showId={show.id} />
            </LazyTab>
          ) : null}
        </ShowTabPanel>
        <ShowTabPanel id="episodes" open={tab === 'episodes'}>
          {episodesOpened ? (
            <LazyTab
              tab={episodesTab}
              title={formatMessage({
                id: 'shows.episodesLoadFailed',
                defaultMessage: 'Could not load the episodes',
              })}
            >
              <episodesTab.Component show={show} />
            </LazyTab>
          ) : null}
        </ShowTabPanel>

        {/* Below the tabs: it renders (and asks for its data) after the page has painted. */}
        <AfterPaint>
          <SimilarShows id={show.id} />
        </AfterPaint>
      </div>
    </div>
  );
}

/** A tab's panel; a closed one stays in the page, hidden, for the tab's aria-controls. */
function ShowTabPanel({ id, open, children }: { id: Tab; open: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`show-panel-${id}`}
      aria-labelledby={`show-tab-${id}`}
      hidden={!open}
      className="py-8"
    >
      {children}
    </div>
  );
}

/** A tab whose code loads apart: a spinner meanwhile, an inline retry when it fails. */
function LazyTab({
  tab,
  title,
  children,
}: {
  tab: { reset: () => void };
  title: string;
  children: ReactNode;
}) {
  return (
    <SectionBoundary onReset={tab.reset} title={title}>
      <Suspense fallback={<TabFallback />}>{children}</Suspense>
    </SectionBoundary>
  );
}

function SimilarShows({ id }: { id: number }) {
  const { data } = useSimilarShows(id);
  const { formatMessage } = useIntl();
  if (!data || data.length === 0) return null;
  return (
    <div className="border-t border-slate-800/60 py-10">
      <Carousel
        title={formatMessage({ id: 'shows.similarShows', defaultMessage: 'Similar Shows' })}
        headingId="similar-heading"
      >
        {data.map((show) => (
          <li key={show.id} className="w-32 shrink-0 snap-start sm:w-40">
            <ShowPosterCard show={show} />
          </li>
        ))}
      </Carousel>
    </div>
  );
}
