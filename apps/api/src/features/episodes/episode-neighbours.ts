import { compareEpisodes, type EpisodeLink } from '@series-tracker/contracts';
import type { EpisodeRow } from '../../db/types';

type Place = Pick<EpisodeRow, 'id' | 'season_number' | 'episode_number' | 'air_date' | 'title'>;

const toPlace = (row: Place) => ({
  id: row.id,
  seasonNumber: row.season_number,
  episodeNumber: row.episode_number,
  airDate: row.air_date,
});

const toLink = (row: Place): EpisodeLink => ({
  id: row.id,
  seasonNumber: row.season_number,
  episodeNumber: row.episode_number,
  title: row.title,
});

/**
 * The live episodes just before and after `episode` in the Episodes tab's order. Retired
 * episodes are skipped; a retired episode's page still gets the live neighbours around where
 * it stood.
 */
export function episodeNeighbours(
  episode: Place,
  live: Place[],
): { previousEpisode: EpisodeLink | null; nextEpisode: EpisodeLink | null } {
  const here = toPlace(episode);
  let previous: Place | null = null;
  let next: Place | null = null;
  for (const row of live) {
    if (row.id === episode.id) continue;
    const order = compareEpisodes(toPlace(row), here);
    if (order < 0 && (!previous || compareEpisodes(toPlace(row), toPlace(previous)) > 0))
      previous = row;
    if (order > 0 && (!next || compareEpisodes(toPlace(row), toPlace(next)) < 0)) next = row;
  }
  return {
    previousEpisode: previous && toLink(previous),
    nextEpisode: next && toLink(next),
  };
}
