import { GitCompare } from 'lucide-react';
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

/** /compare?users=a,b: 2 to 4 members side by side ('Compare with me' on a profile). */
export function CompareRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { status } = useAuth();
  const usernames = (params.get('users') ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .slice(0, 4);
  const valid = usernames.length >= 2;
  const compare = useCompare(usernames, valid && status === 'authenticated');

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle('Compare')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Compare viewers</h1>
      <div className="mt-6">
        {!valid ? (
          <EmptyState
            icon={GitCompare}
            title="Pick two members to compare"
            message="Open someone's profile and choose 'Compare with me'."
          />
        ) : status === 'anonymous' ? (
          <EmptyState
            icon={GitCompare}
            title="Sign in to compare"
            message="Comparing viewers is for members."
            link={{ to: loginPathFor(location), label: 'Sign In' }}
          />
        ) : compare.isPending ? (
          <div className="space-y-4" data-testid="compare-loading">
            <Skeleton className="h-40 rounded-xl" />
            <Skeleton className="h-64 rounded-xl" />
          </div>
        ) : compare.isError && !compare.data ? (
          <QueryErrorState title="Could not compare" query={compare} />
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
                <span className="block truncate text-sm text-slate-400">@{u.username}</span>
              </span>
            </Link>
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-400">Shows</dt>
              <dd className="text-right font-semibold text-white">{formatCount(u.showsCount)}</dd>
              <dt className="text-slate-400">Episodes</dt>
              <dd className="text-right font-semibold text-white">
                {formatCount(u.episodesWatched)}
              </dd>
              <dt className="text-slate-400">Hours</dt>
              <dd className="text-right font-semibold text-white">
                {formatCount(Math.round(u.hoursWatched))}
              </dd>
              <dt className="text-slate-400">Average score</dt>
              <dd className="text-right font-semibold text-white">{u.averageScore ?? '—'}</dd>
            </dl>
            <p className="mt-3 text-xs text-slate-400">
              Top genres: <span className="text-slate-200">{u.topGenres.join(', ') || '—'}</span>
            </p>
          </li>
        ))}
      </ul>

      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">Shows in common</dt>
          <dd className="mt-1 text-2xl font-bold text-white">
            {formatCount(data.showsInCommonCount)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">Rating agreement</dt>
          <dd className="mt-1 text-2xl font-bold text-white">
            {data.ratingAgreement === null ? '—' : `${data.ratingAgreement}%`}
          </dd>
          <dd className="text-xs text-slate-400">
            {data.ratedInCommon
              ? `from ${data.ratedInCommon} ${data.ratedInCommon === 1 ? 'show' : 'shows'} you all scored`
              : 'no show scored by all of you yet'}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
          <dt className="text-xs text-slate-400">Genres you share</dt>
          <dd className="mt-1 text-sm font-semibold text-white">
            {data.sharedGenres.join(', ') || '—'}
          </dd>
        </div>
      </dl>

      <section>
        <h2 className="text-lg font-semibold text-white">Shows in common</h2>
        {data.showsInCommon.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">No show is on every watchlist yet.</p>
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
                        {x === null ? '—' : `${x}/10`}
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
