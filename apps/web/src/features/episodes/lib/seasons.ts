import type { Episode } from '@series-tracker/contracts';
import { compareEpisodes, seasonKeyOf, type SeasonKey } from '@series-tracker/contracts/constants';
import { intl } from '@/i18n';
import { localIsoDate } from '@/lib/format';

export type { SeasonKey };

export interface SeasonGroup {
  key: SeasonKey;
  episodes: Episode[];
}

/** The Episodes tab's order (seasons in order, specials last): the API's previous/next use it too. */
export function sortEpisodes(episodes: Episode[]): Episode[] {
  return [...episodes].sort(compareEpisodes);
}

export function groupBySeason(episodes: Episode[]): SeasonGroup[] {
  const groups: SeasonGroup[] = [];
  for (const episode of sortEpisodes(episodes)) {
    const key = seasonKeyOf(episode.seasonNumber);
    const last = groups.at(-1);
    if (last && last.key === key) last.episodes.push(episode);
    else groups.push({ key, episodes: [episode] });
  }
  return groups;
}

/** 'Season 3' or 'Specials', in the interface's language. */
export function seasonLabel(key: SeasonKey): string {
  return key === 'specials'
    ? intl().formatMessage({ id: 'episodes.specials', defaultMessage: 'Specials' })
    : intl().formatMessage(
        { id: 'episodes.seasonNumber', defaultMessage: 'Season {number}' },
        { number: key },
      );
}

const hasAiredEpisode = (group: SeasonGroup) =>
  group.episodes.some((e) => e.airDate !== null && e.airDate <= localIsoDate());

/**
 * The season the tab opens on: the one holding `episodeId` (a member's next episode), else the
 * latest season that has begun airing (the latest one at all when none has, specials last).
 */
export function openingSeason(groups: SeasonGroup[], episodeId: number | null): SeasonKey {
  const holding = groups.find((g) => g.episodes.some((e) => e.id === episodeId));
  if (holding) return holding.key;
  const seasons = groups.filter((g) => g.key !== 'specials');
  const pool = seasons.length ? seasons : groups;
  return (pool.findLast(hasAiredEpisode) ?? pool.at(-1)!).key;
}
