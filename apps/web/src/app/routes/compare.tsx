import { GitCompare } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { loginPathFor } from '@/features/auth/hooks/use-require-sign-in';
import { useCompare } from '@/features/users/api/people';
import { formatCount } from '@/lib/format';
import { pageTitle } from '@/lib/site';
import { genreName } from '@/lib/genre-name';

/** Shown where a figure is missing. */
const none = '—';
const handle = (username: string) => `@${username}`;

/** /compare?users=a,b: 2 to 4 members side by side ('Compare with me' on a profile). */
export function CompareRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { status } = useAuth();
  const intl = useIntl();
  const usernames = (params.get('users') ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .slice(0, 4);
  const valid = usernames.length >= 2;
  const compare = useCompare(usernames, valid && status === 'authenticated');

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>
        {pageTitle(intl.formatMessage({ id: 'users.compareTitle', defaultMessage: 'Compare' }))}
      </title>
      <h1 className="text-2xl font-bold tracking-tight text-white">
        <FormattedMessage id="users.compareHeading" defaultMessage="Compare viewers" />
      </h1>
      <div className="mt-6">
        {!valid ? (
          <EmptyState
            icon={GitCompare}
            title={intl.formatMessage({
              id: 'users.comparePick',
              defaultMessage: 'Pick two members to compare',
            })}
            message={intl.formatMessage({
              id: 'users.comparePickHint',
              defaultMessage: "Open someone's profile and choose 'Compare with me'.",
            })}
          />
        ) : status === 'anonymous' ? (
          <EmptyState
            icon={GitCompare}
            title={intl.formatMessage({
              id: 'users.compareSignIn',
              defaultMessage: 'Sign in to compare',
            })}
            message={intl.formatMessage({
              id: 'users.compareMembersOnly',
              defaultMessage: 'Comparing viewers is for members.',
            })}
            link={{
              to: loginPathFor(location),
              label: intl.formatMessage({ id: 'users.signIn', defaultMessage: 'Sign In' }),
            }}
          />
        ) : compare.isPending ? (
          <div className="space-y-4" data-testid="compare-loading">
            <Skeleton className="h-40 rounded-xl" />
            <Skeleton className="h-64 rounded-xl" />
          </div>
        ) : compare.isError && !compare.data ? (
          <QueryErrorState
            title={intl.formatMessage({
              id: 'users.compareFailed',
              defaultMessage: 'Could not compare',
            })}
            query={compare}
          />
        ) : (
          <>
            {/* A failed refresh keeps the comparison shown (ADR 176). */}
            <QueryRefreshError query={compare} className="mb-4" />
            <Result data={compare.data} />
          </>
        )}
      </div>
    </div>
  );
}

function Result({ data }: { data: NonNullable<ReturnType<typeof useCompare>['data']> }) {
  const intl = useIntl();
  // Genres are the catalogue's words: listed as they come, in the language's list style.
  const listed = (names: string[]) =>
    names.length ? intl.formatList(names, { type: 'unit', style: 'short' }) : none;
  const score = (value: number) => (
    <FormattedMessage
      id="users.scoreOutOfTen"
      defaultMessage="{score}/10"
      values={{ score: value }}
    />
  );
  return (
    <div className="space-y-8">
      <ul className="grid gap-4 sm:grid-cols-2">
        {data.users.map((u) => (
          <li key={u.id} className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
            <Link to={`/profile/${u.username}`} className="flex items-center gap-3">
              <Avatar user={u} />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-white">
                  {u.displayName || u.username}
                </span>
                <span className="block truncate text-sm text-slate-400">{handle(u.username)}</span>
              </span>
            </Link>
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-400">
                <FormattedMessage id="users.compareShows" defaultMessage="Shows" />
              </dt>
              <dd className="text-end font-semibold text-white">{formatCount(u.showsCount)}</dd>
              <dt className="text-slate-400">
                <FormattedMessage id="users.compareEpisodes" defaultMessage="Episodes" />
              </dt>
              <dd className="text-end font-semibold text-white">
                {formatCount(u.episodesWatched)}
              </dd>
              <dt className="text-slate-400">
                <FormattedMessage id="users.compareHours" defaultMessage="Hours" />
              </dt>
              <dd className="text-end font-semibold text-white">
                {formatCount(Math.round(u.hoursWatched))}
              </dd>
              <dt className="text-slate-400">
                <FormattedMessage id="users.averageScore" defaultMessage="Average score" />
              </dt>
              <dd className="text-end font-semibold text-white">
                {u.averageScore === null ? none : intl.formatNumber(u.averageScore)}
              </dd>
            </dl>
            <p className="mt-3 text-xs text-slate-400">
              <FormattedMessage
                id="users.topGenres"
                defaultMessage="Top genres: <names>{genres}</names>"
                values={{
                  genres: listed(u.topGenres.map(genreName)),
                  names: (chunks) => <span className="text-slate-200">{chunks}</span>,
                }}
              />
            </p>
          </li>
        ))}
      </ul>

      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">
            <FormattedMessage id="users.showsInCommon" defaultMessage="Shows in common" />
          </dt>
          <dd className="mt-1 text-2xl font-bold text-white">
            {formatCount(data.showsInCommonCount)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">
            <FormattedMessage id="users.ratingAgreement" defaultMessage="Rating agreement" />
          </dt>
          <dd className="mt-1 text-2xl font-bold text-white">
            {data.ratingAgreement === null
              ? none
              : intl.formatNumber(data.ratingAgreement / 100, {
                  style: 'percent',
                  maximumFractionDigits: 1,
                })}
          </dd>
          <dd className="text-xs text-slate-400">
            {data.ratedInCommon ? (
              <FormattedMessage
                id="users.ratedInCommon"
                defaultMessage="{count, plural, one {from # show you all scored} other {from # shows you all scored}}"
                values={{ count: data.ratedInCommon }}
              />
            ) : (
              <FormattedMessage
                id="users.noneRatedInCommon"
                defaultMessage="no show scored by all of you yet"
              />
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">
            <FormattedMessage id="users.sharedGenres" defaultMessage="Genres you share" />
          </dt>
          <dd className="mt-1 text-sm font-semibold text-white">{listed(data.sharedGenres)}</dd>
        </div>
      </dl>

      <section>
        <h2 className="text-lg font-semibold text-white">
          <FormattedMessage id="users.showsInCommon" defaultMessage="Shows in common" />
        </h2>
        {data.showsInCommon.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">
            <FormattedMessage
              id="users.noShowsInCommon"
              defaultMessage="No show is on every watchlist yet."
            />
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-800 rounded-xl border border-slate-800">
            {data.showsInCommon.map((s) => (
              <li key={s.id} className="flex items-center gap-3 p-3">
                <CoverImage
                  src={s.coverImageUrl}
                  title={s.title}
                  decorative
                  className="h-14 w-10 shrink-0 rounded"
                />
                <Link
                  to={`/show/${s.id}`}
                  className="min-w-0 flex-1 truncate font-medium text-slate-100 hover:text-violet-300"
                >
                  {s.title}
                </Link>
                <dl className="flex shrink-0 flex-col items-end gap-0.5 text-xs text-slate-400 sm:flex-row sm:gap-4">
                  {s.scores.map((x, i) => (
                    <div key={data.users[i]!.id} className="flex gap-1">
                      <dt className="max-w-28 truncate">
                        {data.users[i]!.displayName || data.users[i]!.username}
                      </dt>
                      <dd className="font-semibold text-slate-100 tabular-nums">
                        {x === null ? none : score(x)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
