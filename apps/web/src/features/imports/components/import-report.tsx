import type { Import } from '@series-tracker/contracts';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { formatCount } from '@/lib/format';
import { countText, heldReason } from './import-messages';
import { UnmatchedRows } from './unmatched-rows';

/** Between a held show's title and its counts; the same in every language. */
const dash = ' — ';

/** What an import left out, by the report's key (unknown keys show as they are). */
const skippedLabels: Record<string, MessageDescriptor> = defineMessages({
  movies: { id: 'imports.skipped.movies', defaultMessage: 'Movies' },
  people: { id: 'imports.skipped.people', defaultMessage: 'People' },
  manga: { id: 'imports.skipped.manga', defaultMessage: 'Manga' },
  // Reports of imports made before every play was kept (ADR 130).
  rewatches: {
    id: 'imports.skipped.rewatches',
    defaultMessage: 'Rewatches (this import kept only the first watch date)',
  },
  duplicatePlays: {
    id: 'imports.skipped.duplicatePlays',
    defaultMessage: 'Plays listed twice in the file',
  },
  episodeRatings: { id: 'imports.skipped.episodeRatings', defaultMessage: 'Episode ratings' },
  episodeRatingsUnmatched: {
    id: 'imports.skipped.episodeRatingsUnmatched',
    defaultMessage: 'Episode ratings without a matching episode',
  },
  episodeRatingsExisting: {
    id: 'imports.skipped.episodeRatingsExisting',
    defaultMessage: 'Episode ratings you had already given',
  },
  episodeRatingsInvalid: {
    id: 'imports.skipped.episodeRatingsInvalid',
    defaultMessage: 'Unreadable episode ratings',
  },
  episodeRatingsOverLimit: {
    id: 'imports.skipped.episodeRatingsOverLimit',
    defaultMessage: 'Episode ratings beyond 200,000 in one file',
  },
  movieAggregates: {
    id: 'imports.skipped.movieAggregates',
    defaultMessage: 'Movie totals (the movies are counted above)',
  },
  seasonRatings: { id: 'imports.skipped.seasonRatings', defaultMessage: 'Season ratings' },
  seasonRatingsUnmatched: {
    id: 'imports.skipped.seasonRatingsUnmatched',
    defaultMessage: 'Season ratings of a season the catalogue does not have',
  },
  episodes: {
    id: 'imports.skipped.episodes',
    defaultMessage: 'Episode rows (no progress in this file)',
  },
  otherTitles: { id: 'imports.skipped.otherTitles', defaultMessage: 'Other title types' },
  comments: { id: 'imports.skipped.comments', defaultMessage: 'Comments' },
  lists: { id: 'imports.skipped.lists', defaultMessage: 'Lists' },
  reviews: { id: 'imports.skipped.reviews', defaultMessage: 'Reviews' },
  listItemsUnmatched: {
    id: 'imports.skipped.listItemsUnmatched',
    defaultMessage: 'List items without a matching show',
  },
  reviewsUnmatched: {
    id: 'imports.skipped.reviewsUnmatched',
    defaultMessage: 'Reviews without a matching show',
  },
  follows: { id: 'imports.skipped.follows', defaultMessage: 'Follows' },
  followsUnknown: {
    id: 'imports.skipped.followsUnknown',
    defaultMessage: 'Follows of members who left',
  },
  followsRefused: {
    id: 'imports.skipped.followsRefused',
    defaultMessage: 'Follows refused (blocked, or yourself)',
  },
  unreadableRows: { id: 'imports.skipped.unreadableRows', defaultMessage: 'Unreadable rows' },
});

/** The figures of a report, in order. */
const countLabels = defineMessages({
  showsMatched: { id: 'imports.report.showsMatched', defaultMessage: 'Shows matched' },
  showsAdded: { id: 'imports.report.showsAdded', defaultMessage: 'Shows added from TVmaze' },
  showsUnmatched: { id: 'imports.report.showsUnmatched', defaultMessage: 'Shows not found' },
  episodesMarked: { id: 'imports.report.episodesMarked', defaultMessage: 'Episodes marked' },
  alreadyWatched: { id: 'imports.report.alreadyWatched', defaultMessage: 'Already watched' },
  rewatchesKept: { id: 'imports.report.rewatchesKept', defaultMessage: 'Rewatches kept' },
  episodesHeld: { id: 'imports.report.episodesHeld', defaultMessage: 'Episodes held' },
  episodesUnmatched: {
    id: 'imports.report.episodesUnmatched',
    defaultMessage: 'Episodes not found',
  },
  ratings: { id: 'imports.report.ratings', defaultMessage: 'Ratings' },
  watchlist: { id: 'imports.report.watchlist', defaultMessage: 'Added to watchlist' },
  favorites: { id: 'imports.report.favorites', defaultMessage: 'Favorites' },
  lists: { id: 'imports.report.lists', defaultMessage: 'Lists' },
  reviews: { id: 'imports.report.reviews', defaultMessage: 'Reviews' },
  episodeRatings: {
    id: 'imports.report.episodeRatings',
    defaultMessage: 'Episode ratings (private)',
  },
  seasonRatings: { id: 'imports.report.seasonRatings', defaultMessage: 'Season ratings' },
  heldCounts: { id: 'imports.report.heldCounts', defaultMessage: 'Episode counts held' },
  follows: { id: 'imports.report.follows', defaultMessage: 'Members followed' },
});

/** One figure of the report; none for a figure this kind of file does not have (undefined). */
function Count({ label, value }: { label: string; value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900/60 px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold text-white tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** The report of a finished import: counts, notes, what was skipped, every unmatched row. */
export function ImportReport({ value }: { value: Import }) {
  const intl = useIntl();
  const report = value.report;
  if (!report) return null;
  const skipped = Object.entries(report.skipped).filter(([, n]) => n > 0);
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={intl.formatMessage(countLabels.showsMatched)} value={report.shows.matched} />
        <Count label={intl.formatMessage(countLabels.showsAdded)} value={report.shows.added} />
        <Count
          label={intl.formatMessage(countLabels.showsUnmatched)}
          value={report.shows.unmatched}
        />
        <Count
          label={intl.formatMessage(countLabels.episodesMarked)}
          value={report.episodes.marked}
        />
        <Count
          label={intl.formatMessage(countLabels.alreadyWatched)}
          value={report.episodes.alreadyWatched}
        />
        <Count
          label={intl.formatMessage(countLabels.rewatchesKept)}
          value={report.episodes.rewatches ?? 0}
        />
        <Count label={intl.formatMessage(countLabels.episodesHeld)} value={report.episodes.held} />
        <Count
          label={intl.formatMessage(countLabels.episodesUnmatched)}
          value={report.episodes.unmatched}
        />
        <Count label={intl.formatMessage(countLabels.ratings)} value={report.ratings} />
        <Count label={intl.formatMessage(countLabels.watchlist)} value={report.watchlist} />
        <Count label={intl.formatMessage(countLabels.favorites)} value={report.favorites} />
        <Count label={intl.formatMessage(countLabels.lists)} value={report.lists} />
        <Count label={intl.formatMessage(countLabels.reviews)} value={report.reviews} />
        <Count
          label={intl.formatMessage(countLabels.episodeRatings)}
          value={report.episodeRatings}
        />
        <Count label={intl.formatMessage(countLabels.seasonRatings)} value={report.seasonRatings} />
        <Count label={intl.formatMessage(countLabels.heldCounts)} value={report.heldCounts} />
        <Count label={intl.formatMessage(countLabels.follows)} value={report.follows} />
      </dl>
      {report.notes.length ? (
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-300">
          {report.notes.map((n) => (
            // Written by the server when the file was read.
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {skipped.length ? (
        <div>
          <h4 className="text-sm font-semibold text-white">
            <FormattedMessage id="imports.notImported" defaultMessage="Not imported" />
          </h4>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm text-slate-300">
            {skipped.map(([k, n]) => (
              <li key={k} className="rounded-md bg-slate-800/70 px-2 py-1">
                <FormattedMessage
                  id="imports.skippedCount"
                  defaultMessage="{label}: <n>{count}</n>"
                  values={{
                    label: skippedLabels[k] ? intl.formatMessage(skippedLabels[k]) : k,
                    count: formatCount(n),
                    n: (chunks) => <span className="tabular-nums">{chunks}</span>,
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.heldShows?.length ? (
        <div>
          <h4 className="text-sm font-semibold text-white">
            <FormattedMessage
              id="imports.heldHeading"
              defaultMessage="Held until they can be placed"
            />
          </h4>
          <p className="mt-1 text-xs text-slate-400">
            <FormattedMessage
              id="imports.heldExplained"
              defaultMessage="Kept, not lost: these are marked by themselves when the episodes arrive. Held history below lists every one."
            />
          </p>
          <ul className="mt-2 divide-y divide-slate-800 text-sm">
            {report.heldShows.map((h) => (
              <li key={h.showId} className="py-1.5">
                <span dir="auto" className="font-medium text-slate-100">
                  {h.title}
                </span>
                <span className="text-slate-300 tabular-nums">
                  {dash}
                  {intl.formatList(
                    [
                      h.watches ? countText('watches', h.watches) : null,
                      h.count !== null
                        ? intl.formatMessage(
                            {
                              id: 'imports.heldCount',
                              defaultMessage:
                                '{count, plural, one {a count of # episode} other {a count of # episodes}}',
                            },
                            { count: h.count },
                          )
                        : null,
                    ].filter((part): part is string => part !== null),
                    { type: 'unit', style: 'short' },
                  )}
                </span>
                <span className="block text-xs text-slate-400">{heldReason(h.reason).why}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <UnmatchedRows value={value} />
    </div>
  );
}
