import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { AfterPaint } from '@/components/ui/after-paint';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useTrendingShows } from '@/features/shows/api/get-trending-shows';
import { TrendingHero, TrendingHeroSkeleton } from '@/features/shows/components/trending-hero';
import { pageTitle, siteName } from '@/lib/site';
import { greeting } from '@/lib/welcome';
import { Welcome } from './home-welcome';

// Carousels, feeds and stats below the hero: their code loads once the hero has painted.
const HomeSections = lazy(() =>
  import('./home-sections').then((m) => ({ default: m.HomeSections })),
);

export function HomeRoute() {
  const intl = useIntl();
  const { status, user } = useAuth();
  const name = user ? user.displayName?.trim() || user.username : null;
  const trending = useTrendingShows();
  const top = trending.data?.data[0];

  return (
    <div className="flex-1">
      <title>{pageTitle()}</title>
      <h1 className="sr-only">
        {status === 'authenticated' && user && name ? greeting(user, name) : siteName()}
      </h1>

      {trending.isPending ? (
        <TrendingHeroSkeleton />
      ) : trending.isError && !trending.data ? (
        <div className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
          <QueryErrorState
            title={intl.formatMessage({
              id: 'home.trendingFailed',
              defaultMessage: 'Could not load trending shows',
            })}
            query={trending}
          />
        </div>
      ) : top ? (
        <>
          {/* A failed refresh keeps the hero it had (ADR 176). */}
          {trending.isError ? (
            <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
              <QueryRefreshError query={trending} />
            </div>
          ) : null}
          <TrendingHero show={top} basis={trending.data?.basis ?? 'catalogue'} />
        </>
      ) : (
        <Welcome
          signedIn={status === 'authenticated'}
          name={name}
          greeting={user && name ? greeting(user, name) : null}
          withBrowse
        />
      )}

      {/*
        Everything below the hero mounts once the hero has painted (ADR 020): the hero's text
        is the first screen's largest element, and rendering the carousels, feeds and stats in
        the same commit delayed it. A trending request that failed once and is being retried
        does not hold them back.
      */}
      <AfterPaint ready={!trending.isPending || trending.failureCount > 0}>
        {/* Its own boundary: while the sections' code loads, the hero stays as it is. */}
        <Suspense fallback={null}>
          <HomeSections />
        </Suspense>
      </AfterPaint>
    </div>
  );
}
