import { recommendationLimits, recommendationMessages } from '@series-tracker/contracts/constants';
import { Sparkles } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/error-state';
import { useRecommendations } from '@/features/recommendations/api/recommendations';
import { BecauseRows } from '@/features/recommendations/components/because-rows';
import { ShowPosterCardSkeleton } from '@/features/shows/components/show-poster-card';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { contractText } from '@/i18n/contract-text';
import { pageTitle } from '@/lib/site';

/** /recommendations: every pick, grouped "Because you watched X" (ADR 183). */
export function RecommendationsRoute() {
  const { status, redirect } = useSignedInPage();
  if (redirect) return redirect;
  return <RecommendationsPage enabled={status === 'authenticated'} />;
}

function RecommendationsPage({ enabled }: { enabled: boolean }) {
  const intl = useIntl();
  const title = contractText(recommendationMessages.pageTitle);
  const query = useRecommendations(recommendationLimits.pageMax, { enabled });
  const picks = query.data?.data ?? [];
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 space-y-12 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-white">{title}</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-400">
          <FormattedMessage
            id="recommendations.intro"
            defaultMessage="Picked from what members who share your taste track and rate, and from the genres, networks and years of the shows you watch. Never a show you already track."
          />
        </p>
      </div>
      {query.isPending || !enabled ? (
        <SkeletonList
          count={6}
          item={<ShowPosterCardSkeleton />}
          className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6"
        />
      ) : query.isError && !query.data ? (
        <QueryErrorState
          title={intl.formatMessage({
            id: 'recommendations.loadFailed',
            defaultMessage: 'Could not load your picks',
          })}
          query={query}
        />
      ) : picks.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title={intl.formatMessage({
            id: 'recommendations.empty',
            defaultMessage: 'No picks yet',
          })}
          message={contractText(recommendationMessages.empty)}
          link={{
            to: '/browse',
            label: intl.formatMessage({
              id: 'recommendations.browseShows',
              defaultMessage: 'Browse shows',
            }),
            variant: 'secondary',
          }}
        />
      ) : (
        <BecauseRows picks={picks} />
      )}
    </div>
  );
}
