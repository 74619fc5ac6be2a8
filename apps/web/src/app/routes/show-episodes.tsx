import type { ShowDetail } from '@series-tracker/contracts';
import { EpisodeList } from '@/features/episodes/components/episode-list';
import {
  EpisodeProgressSummary,
  EpisodeWatchToggle,
  SeasonWatchButton,
  WatchedUpToHere,
} from '@/features/tracking/components/episode-tracking';

/** The show page's Episodes tab (its own chunk: it loads when the tab is about to open). */
export function ShowEpisodes({ show }: { show: ShowDetail }) {
  return (
    <EpisodeList
      showId={show.id}
      showTitle={show.title}
      fallbackImage={show.coverThumbUrl ?? show.coverImageUrl}
      episodesComplete={show.episodesComplete}
      slots={{
        summary: <EpisodeProgressSummary showId={show.id} />,
        seasonAction: (season, episodes, headingId) => (
          <SeasonWatchButton
            showId={show.id}
            season={season}
            episodes={episodes}
            headingId={headingId}
          />
        ),
        episodeToggle: (episode, { code }) => (
          <EpisodeWatchToggle showId={show.id} episode={episode} code={code} />
        ),
        episodeExtra: (episode, { code, ordered, position }) => (
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
