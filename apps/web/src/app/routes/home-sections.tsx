import { Atom, BookOpen, Castle, Coffee, Laugh, Zap } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Carousel } from '@/components/ui/carousel';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useTrendingShows } from '@/features/shows/api/get-trending-shows';
import { NewEpisodesToday } from '@/features/shows/components/new-episodes-today';
import {
  ShowPosterCard,
  ShowPosterCardSkeleton,
} from '@/features/shows/components/show-poster-card';
import { RecommendationRows } from '@/features/recommendations/components/recommendation-rows';
import { PlatformStats } from '@/features/stats/components/platform-stats';
import { UpNextRow } from '@/features/tracking/components/up-next-row';
import { greetingMessage, greetingValues } from '@/lib/welcome';
import { Welcome } from './home-welcome';

/**
 * Mood buttons open Browse on one genre. Every genre here exists in the catalogue
 * (GET /api/shows/genres); it has no 'Documentary', so 'True stories' opens History.
 */
const moodLabels = defineMessages({
  laugh: { id: 'home.mood.laugh', defaultMessage: 'Need a laugh' },
  thrills: { id: 'home.mood.thrills', defaultMessage: 'Want thrills' },
  cozy: { id: 'home.mood.cozy', defaultMessage: 'Cozy vibes' },
  fantasy: { id: 'home.mood.fantasy', defaultMessage: 'Epic fantasy' },
  mindBending: { id: 'home.mood.mindBending', defaultMessage: 'Mind-bending' },
  trueStories: { id: 'home.mood.trueStories', defaultMessage: 'True stories' },
});

export const moods = [
  { label: moodLabels.laugh, genre: 'Comedy', icon: Laugh },
  { label: moodLabels.thrills, genre: 'Thriller', icon: Zap },
  { label: moodLabels.cozy, genre: 'Family', icon: Coffee },
  { label: moodLabels.fantasy, genre: 'Fantasy', icon: Castle },
  { label: moodLabels.mindBending, genre: 'Science-Fiction', icon: Atom },
  { label: moodLabels.trueStories, genre: 'History', icon: BookOpen },
] as const;

/**
 * The home page below the hero (spec §2 Home): its own chunk, mounted once the hero has
 * painted (home.tsx, ADR 020). It reads the same trending query as the hero (one request).
 */
export function HomeSections() {
  const intl = useIntl();
  const { status, user } = useAuth();
  const name = user ? user.displayName?.trim() || user.username : null;
  const trending = useTrendingShows();
  const top = trending.data?.data[0];

  // Each section off screen skips style, layout and paint until it comes near (issue 32): on a
  // phone's first load most of them are below the fold, and laying them all out was one of
  // the page's longest tasks. A full-page screenshot shows them blank; scrolling paints them.
  return (
    <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6 *:[contain-intrinsic-size:auto_18rem] *:[content-visibility:auto]">
      {status === 'authenticated' && name && top ? (
        <p className="mb-8 text-lg font-semibold text-slate-200" aria-hidden>
          {intl.formatMessage(
            greetingMessage,
            greetingValues(user!, <span className="text-violet-300">{name}</span>),
          )}
        </p>
      ) : null}

      {status === 'authenticated' ? <UpNextRow /> : null}

      {status === 'authenticated' ? <RecommendationRows /> : null}

      {trending.isPending || (trending.data?.data.length ?? 0) > 0 ? (
        <Carousel
          title={
            <FormattedMessage id="home.trendingThisWeek" defaultMessage="Trending This Week" />
          }
          headingId="trending-heading"
        >
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
        <h2 id="moods-heading" className="text-xl font-bold tracking-tight text-white sm:text-2xl">
          <FormattedMessage id="home.moodsHeading" defaultMessage="What are you in the mood for?" />
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {moods.map(({ label, genre, icon: Icon }) => (
            <li key={genre}>
              <Link
                to={`/browse?${new URLSearchParams({ genre }).toString()}`}
                className="flex h-full items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/50 px-4 py-3 text-sm font-semibold text-slate-200 transition hover:border-violet-500/50 hover:bg-violet-500/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
              >
                <Icon aria-hidden className="size-5 shrink-0 text-violet-300" />
                {intl.formatMessage(label)}
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
  );
}
