import {
  Atom,
  BookOpen,
  Castle,
  Coffee,
  Heart,
  Laugh,
  MonitorPlay,
  Search,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { ErrorState } from '@/components/ui/error-state';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useTrendingShows } from '@/features/shows/api/get-trending-shows';
import { NewEpisodesToday } from '@/features/shows/components/new-episodes-today';
import {
  ShowPosterCard,
  ShowPosterCardSkeleton,
} from '@/features/shows/components/show-poster-card';
import { TrendingHero, TrendingHeroSkeleton } from '@/features/shows/components/trending-hero';
import { PlatformStats } from '@/features/stats/components/platform-stats';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { UpNextRow } from '@/features/tracking/components/up-next-row';
import { pageTitle, SITE_SLOGAN } from '@/lib/site';
import { BrandName } from '../layout/brand';

/**
 * Mood buttons open Browse on one genre. Every genre here exists in the catalogue
 * (GET /api/shows/genres); it has no 'Documentary', so 'True stories' opens History.
 */
export const moods = [
  { label: 'Need a laugh', genre: 'Comedy', icon: Laugh },
  { label: 'Want thrills', genre: 'Thriller', icon: Zap },
  { label: 'Cozy vibes', genre: 'Family', icon: Coffee },
  { label: 'Epic fantasy', genre: 'Fantasy', icon: Castle },
  { label: 'Mind-bending', genre: 'Science-Fiction', icon: Atom },
  { label: 'True stories', genre: 'History', icon: BookOpen },
] as const;

/**
 * What the product does today. Only built features are promised here: reviews, lists and
 * following join this list when they land (ADR 032).
 */
const features = [
  {
    icon: MonitorPlay,
    title: 'Track every episode',
    text: 'Keep a watchlist of what you are watching, plan to watch and finished, and mark episodes as you see them.',
  },
  {
    icon: Search,
    title: 'Find any show',
    text: 'Search thousands of TV series and anime by any of their titles, or browse by genre and status.',
  },
  {
    icon: Heart,
    title: 'Never miss what is next',
    text: 'See the next episode of each show you watch, what airs today, and keep your favourites close.',
  },
] as const;

export function HomeRoute() {
  const { status, user } = useAuth();
  const name = user ? user.displayName?.trim() || user.username : null;
  const trending = useTrendingShows();
  const top = trending.data?.data[0];

  return (
    <div className="flex-1">
      <title>{pageTitle()}</title>
      <h1 className="sr-only">
        {status === 'authenticated' && name ? `Welcome back, ${name}` : 'Series Tracker'}
      </h1>

      {trending.isPending ? (
        <TrendingHeroSkeleton />
      ) : trending.isError ? (
        <div className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
          <ErrorState
            title="Could not load trending shows"
            error={trending.error}
            retrying={trending.isFetching}
            onRetry={() => void trending.refetch()}
          />
        </div>
      ) : top ? (
        <TrendingHero show={top} basis={trending.data?.basis ?? 'catalogue'} />
      ) : (
        <Welcome signedIn={status === 'authenticated'} name={name} withBrowse />
      )}

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6">
        {status === 'authenticated' && name && top ? (
          <p className="mb-8 text-lg font-semibold text-slate-200" aria-hidden>
            Welcome back, <span className="text-violet-300">{name}</span>
          </p>
        ) : null}

        {status === 'authenticated' ? <UpNextRow /> : null}

        {trending.isPending || (trending.data?.data.length ?? 0) > 0 ? (
          <Carousel title="Trending This Week" headingId="trending-heading">
            {trending.isPending
              ? Array.from({ length: 5 }, (_, i) => (
                  <li key={i} className="w-36 shrink-0 snap-start sm:w-44">
                    <ShowPosterCardSkeleton />
                  </li>
                ))
              : trending.data?.data.map((show, index) => (
                  <li key={show.id} className="w-36 shrink-0 snap-start sm:w-44">
                    <ShowPosterCard show={show} rank={index + 1} />
                  </li>
                ))}
          </Carousel>
        ) : null}

        <NewEpisodesToday />

        <RecentActivity />

        <section aria-labelledby="moods-heading">
          <h2
            id="moods-heading"
            className="text-xl font-bold tracking-tight text-white sm:text-2xl"
          >
            What are you in the mood for?
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {moods.map(({ label, genre, icon: Icon }) => (
              <li key={label}>
                <Link
                  to={`/browse?${new URLSearchParams({ genre }).toString()}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/50 px-4 py-3 text-sm font-semibold text-slate-200 transition hover:border-violet-500/50 hover:bg-violet-500/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
                >
                  <Icon aria-hidden className="size-5 shrink-0 text-violet-300" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {/* Without the hero (a trending failure), visitors still learn what the site is. */}
        {status === 'anonymous' && (top || trending.isError) ? (
          <Welcome signedIn={false} name={null} boxed />
        ) : null}

        <PlatformStats />
      </div>
    </div>
  );
}

/** Brand, slogan and what the product does; with sign-up buttons for visitors. */
function Welcome({
  signedIn,
  name,
  boxed = false,
  withBrowse = false,
}: {
  signedIn: boolean;
  name: string | null;
  boxed?: boolean;
  withBrowse?: boolean;
}) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className={
        boxed
          ? 'rounded-2xl border border-slate-800 bg-gradient-to-br from-violet-950/40 via-slate-900/60 to-slate-950 px-6 py-10 sm:px-10'
          : 'border-b border-slate-800/60 px-4 py-14 sm:px-6'
      }
    >
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="welcome-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {signedIn && name ? `Welcome back, ${name}` : <BrandName className="font-extrabold" />}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-pretty text-slate-300">
          {SITE_SLOGAN}
        </p>
      </div>
      <ul className="mx-auto mt-8 grid max-w-5xl gap-4 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-800 bg-slate-900/50 p-5">
            <Icon aria-hidden className="size-5 text-violet-300" />
            <h3 className="mt-3 text-sm font-semibold text-white">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-400">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!signedIn ? (
          <>
            <Link to="/register" className={buttonStyles({ size: 'lg' })}>
              Sign Up
            </Link>
            <Link to="/login" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
              Sign In
            </Link>
          </>
        ) : null}
        {withBrowse ? (
          <Link
            to="/search"
            className={buttonStyles({ size: 'lg', variant: signedIn ? 'primary' : 'ghost' })}
          >
            {signedIn ? 'Start Tracking' : 'Browse Shows'}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
