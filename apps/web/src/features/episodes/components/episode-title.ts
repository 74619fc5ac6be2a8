import { intl } from '@/i18n';

/**
 * "Episode 5" ("Episode" without a number): the title shown for an episode without one, and
 * for an unwatched one hidden as a spoiler (ADR 181), in the interface's language (the
 * contracts' `hiddenEpisodeTitle` is its English form).
 */
export function numberedEpisodeTitle(episodeNumber: number | null): string {
  return episodeNumber !== null
    ? intl().formatMessage(
        { id: 'episodes.numberedTitle', defaultMessage: 'Episode {number}' },
        { number: episodeNumber },
      )
    : intl().formatMessage({ id: 'episodes.unnumberedTitle', defaultMessage: 'Episode' });
}

/** The episode's own title, else its number ("Episode 5"); never the title while it is hidden. */
export function episodeDisplayTitle(
  episode: { title: string | null; episodeNumber: number | null },
  hidden = false,
): string {
  return hidden || !episode.title ? numberedEpisodeTitle(episode.episodeNumber) : episode.title;
}
