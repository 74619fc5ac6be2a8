import { heldReasonText, type HeldReason, type ImportStatus } from '@series-tracker/contracts';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { intl } from '@/i18n';

/** Words the imports screens share (issue 31): statuses, counted nouns, why history is held. */

export const statusLabels = defineMessages<ImportStatus>({
  queued: { id: 'imports.status.queued', defaultMessage: 'Waiting to start' },
  running: { id: 'imports.status.running', defaultMessage: 'Importing' },
  done: { id: 'imports.status.done', defaultMessage: 'Done' },
  failed: { id: 'imports.status.failed', defaultMessage: 'Failed' },
});

type Counted = 'shows' | 'episodes' | 'watches' | 'episodeCounts' | 'notPlaced';

/** Counted nouns, to go into a sentence as a value (one plural per message). */
const countLabels: Record<Counted, MessageDescriptor> = defineMessages({
  shows: {
    id: 'imports.count.shows',
    defaultMessage: '{count, plural, one {# show} other {# shows}}',
  },
  episodes: {
    id: 'imports.count.episodes',
    defaultMessage: '{count, plural, one {# episode} other {# episodes}}',
  },
  watches: {
    id: 'imports.count.watches',
    defaultMessage: '{count, plural, one {# watch} other {# watches}}',
  },
  episodeCounts: {
    id: 'imports.count.episodeCounts',
    defaultMessage: '{count, plural, one {# episode count} other {# episode counts}}',
  },
  notPlaced: {
    id: 'imports.count.notPlaced',
    defaultMessage: '{count, plural, other {# not placed}}',
  },
});

export function countText(key: Counted, count: number): string {
  return intl().formatMessage(countLabels[key], { count });
}

const heldWhy = defineMessages<HeldReason>({
  'no-episode-list': {
    id: 'imports.heldReason.noEpisodeList.why',
    defaultMessage: "This show's episode list has not arrived from TVmaze yet.",
  },
  'episodes-missing': {
    id: 'imports.heldReason.episodesMissing.why',
    defaultMessage:
      "These episodes are not in the show's episode list yet (the list is incomplete).",
  },
  'count-uncertain': {
    id: 'imports.heldReason.countUncertain.why',
    defaultMessage:
      "MyAnimeList keeps only a count of watched episodes, and this show's seasons do not map onto it with certainty.",
  },
});

const heldResolves = defineMessages<HeldReason>({
  'no-episode-list': {
    id: 'imports.heldReason.noEpisodeList.resolves',
    defaultMessage: 'Marked as watched automatically when the episode list arrives.',
  },
  'episodes-missing': {
    id: 'imports.heldReason.episodesMissing.resolves',
    defaultMessage:
      'Marked as watched automatically when TVmaze lists them; nothing is lost meanwhile.',
  },
  'count-uncertain': {
    id: 'imports.heldReason.countUncertain.resolves',
    defaultMessage:
      'Kept as a count, never put on guessed episodes. Applied when the show has one complete season; or mark the episodes yourself.',
  },
});

/** Why history is held, and what resolves it, in the interface's language. */
export function heldReason(reason: HeldReason): { why: string; resolves: string } {
  return {
    why: intl().formatMessage(heldWhy[reason]),
    resolves: intl().formatMessage(heldResolves[reason]),
  };
}

/**
 * A reason as the API sent it: the English of contracts' `heldReasonText`, shown in the
 * interface's language; other text (a wording newer than this app) is shown as it came.
 */
export function sentHeldReason(sent: { reason: HeldReason; why: string; resolves: string }) {
  const english = heldReasonText[sent.reason];
  const mine = heldReason(sent.reason);
  return {
    why: sent.why === english.why ? mine.why : sent.why,
    resolves: sent.resolves === english.resolves ? mine.resolves : sent.resolves,
  };
}
