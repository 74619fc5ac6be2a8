import type { YearReview } from '@series-tracker/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { QueryErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { useMemberYear, useMyYear, yearPath } from '@/features/stats/api/year-review';
import { YearReviewView } from '@/features/stats/components/year-review-view';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { StatusPage } from './not-found';

/** A year the URL names, or null when it is not one (1900–2100). */
function yearParam(raw: string | undefined): number | null {
  const y = Number(raw);
  return /^\d{4}$/.test(raw ?? '') && y >= 1900 && y <= 2100 ? y : null;
}

const Frame = ({ children }: { children: React.ReactNode }) => (
  <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">{children}</div>
);

function Loading() {
  return (
    <div className="space-y-6" data-testid="year-loading">
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}

function Failed({ query }: { query: UseQueryResult<YearReview> }) {
  const intl = useIntl();
  return (
    <QueryErrorState
      title={intl.formatMessage({
        id: 'stats.yearLoadFailed',
        defaultMessage: 'Could not load this year in review',
      })}
      query={query}
    />
  );
}

function NotAYear() {
  const intl = useIntl();
  return (
    <StatusPage
      title={intl.formatMessage({ id: 'stats.pageNotFound', defaultMessage: 'Page Not Found' })}
      message={intl.formatMessage({
        id: 'stats.notAYear',
        defaultMessage: 'That is not a year we can show.',
      })}
    />
  );
}

/** /year/:year: the signed-in member's own year in review (issue 29). */
export function MyYearRoute() {
  const intl = useIntl();
  const { year: raw } = useParams();
  const year = yearParam(raw);
  const { status, user, redirect } = useSignedInPage();
  const query = useMyYear(year ?? 0, { enabled: status === 'authenticated' && year !== null });
  if (year === null) return <NotAYear />;
  if (redirect) return redirect;
  // A year is a name, not a figure: never '2,026'.
  const y = String(year);
  return (
    <Frame>
      <title>
        {pageTitle(
          intl.formatMessage(
            { id: 'stats.myYearTitle', defaultMessage: 'Your {year} in review' },
            { year: y },
          ),
        )}
      </title>
      {status === 'unavailable' ? (
        <SignInCheckFailed
          what={intl.formatMessage({
            id: 'stats.signInWhat',
            defaultMessage: 'your year in review',
          })}
        />
      ) : query.isPending || !user ? (
        <Loading />
      ) : query.isError && !query.data ? (
        <Failed query={query} />
      ) : (
        <YearReviewView
          review={query.data!}
          heading={intl.formatMessage(
            { id: 'stats.myYearHeading', defaultMessage: 'Your {year}' },
            { year: y },
          )}
          shareUrl={`${window.location.origin}${yearPath(user.username, year)}`}
          yearHref={(y) => `/year/${y}`}
          notice={
            user.isPublic ? null : (
              <p className="flex items-center gap-2 rounded-lg border border-slate-800 bg-slate-900/60 px-3 py-2 text-sm text-slate-300">
                <Lock aria-hidden className="size-4 shrink-0 text-slate-400" />
                <FormattedMessage
                  id="stats.privateNotice"
                  defaultMessage="Your profile is private: only you can open the shared link."
                />
              </p>
            )
          }
        />
      )}
    </Frame>
  );
}

/** /profile/:username/year/:year: a member's year, as their profile's privacy allows. */
export function MemberYearRoute() {
  const intl = useIntl();
  const { username = '', year: raw } = useParams();
  const year = yearParam(raw);
  const query = useMemberYear(username, year ?? 0);
  if (year === null) return <NotAYear />;
  if (query.isError && !query.data && isApiError(query.error) && query.error.status === 404)
    return (
      <StatusPage
        title={intl.formatMessage({ id: 'stats.yearNotFound', defaultMessage: 'Year Not Found' })}
        message={intl.formatMessage({
          id: 'stats.yearNotFoundMessage',
          defaultMessage: "This member's year in review doesn't exist or is private.",
        })}
      />
    );
  const who = query.data ? query.data.user.displayName || query.data.user.username : username;
  const y = String(year);
  return (
    <Frame>
      <title>
        {pageTitle(
          intl.formatMessage(
            { id: 'stats.memberYearTitle', defaultMessage: '{name}’s {year} in review' },
            { name: who, year: y },
          ),
        )}
      </title>
      {query.isPending ? (
        <Loading />
      ) : query.isError && !query.data ? (
        <Failed query={query} />
      ) : (
        <YearReviewView
          review={query.data}
          heading={intl.formatMessage(
            { id: 'stats.memberYearHeading', defaultMessage: '{name}’s {year}' },
            { name: who, year: y },
          )}
          shareUrl={`${window.location.origin}${yearPath(query.data.user.username, year)}`}
          yearHref={(y) => yearPath(query.data.user.username, y)}
        />
      )}
    </Frame>
  );
}
