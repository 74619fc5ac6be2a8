import type { ShowDetail } from '@series-tracker/contracts';
import { EpisodeList } from '@/features/episodes/components/episode-list';
import { seasonLabel } from '@/features/episodes/lib/seasons';
import { SeasonRating } from '@/features/reviews/components/season-rating';
import {
  EpisodeProgressSummary,
  EpisodeWatchToggle,
} from '@/features/tracking/components/episode-tracking';
import {
  SeasonWatchButton,
  WatchedUpToHere,
} from '@/features/tracking/components/bulk-watch-buttons';
import { useSeasonTracking } from '@/features/tracking/hooks/use-season-tracking';
import { ShowSpoilersSwitch } from '@/features/spoilers/components/show-spoilers-switch';
import { useShowSpoilers } from '@/features/spoilers/hooks/use-show-spoilers';

/** The show page's Episodes tab (its own chunk: it loads when the tab is about to open). */
export function ShowEpisodes({ show }: { show: ShowDetail }) {
  const { openAt, seasonProgress } = useSeasonTracking(show.id);
  const spoilers = useShowSpoilers(show.id);
  return (
    <EpisodeList
      showId={show.id}
      showTitle={show.title}
      fallbackImage={show.coverThumbUrl ?? show.coverImageUrl}
      episodesComplete={show.episodesComplete}
      openAt={openAt}
      slots={{
        summary: (
          <>
            <EpisodeProgressSummary showId={show.id} />
            <ShowSpoilersSwitch guard={spoilers} />
          </>
        ),
        episodeReveal: (episode) =>
          spoilers.isHidden(episode.id) ? () => spoilers.reveal(episode.id) : null,
        seasonProgress,
        seasonAction: (group, headingId) => {
          // The API marks by season number: specials only when they all sit in season 0.
          const season =
            group.key !== 'specials'
              ? group.key
              : group.episodes.every((e) => e.seasonNumber === 0)
                ? 0
                : null;
          if (season === null) return null;
          return (
            <div className="flex flex-wrap items-center gap-2">
              <SeasonRating showId={show.id} season={season} label={seasonLabel(group.key)} />
              <SeasonWatchButton
                showId={show.id}
                season={season}
                episodes={group.episodes}
                headingId={headingId}
              />
            </div>
          );
        },
        episodeToggle: (episode, { code }) => (
          <EpisodeWatchToggle showId={show.id} episode={episode} code={code} />
        ),
        // The API's 'up to here' counts in viewing order with specials first: offered only on
        // a season's rows, where both orders agree.
        episodeExtra: (episode, { code, ordered, position, season }) =>
          season === 'specials' ? null : (
            <WatchedUpToHere
              showId={show.id}
              episode={episode}
              code={code}
              ordered={ordered}
              position={position}
            />
          ),
      }}
    />
  );
}
