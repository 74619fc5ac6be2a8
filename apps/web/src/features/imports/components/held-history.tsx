import type { HeldShow } from '@series-tracker/contracts';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { perLocale } from '@/i18n';
import { episodeCode, formatCount } from '@/lib/format';
import { heldPageSize, useHeld } from '../api/imports';
import { countText, sentHeldReason } from './import-messages';
import { ImportsQueryState } from './query-state';

/** Between the parts of a line; the same in every language. */
const dot = ' · ';

const day = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
);

function HeldShowCard({ value }: { value: HeldShow }) {
  const intl = useIntl();
  const { show, watches, count, reasons } = value;
  return (
    <li className="rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Link
          to={`/show/${show.id}`}
          dir="auto"
          className="font-medium break-words text-white hover:text-violet-300"
        >
          {show.title}
          {show.year ? (
            <span className="ms-1 text-slate-400">
              <FormattedMessage
                id="imports.showYear"
                defaultMessage="({year})"
                values={{ year: show.year }}
              />
            </span>
          ) : null}
        </Link>
        <span className="text-sm text-slate-300 tabular-nums">
          {[
            watches.length ? countText('watches', watches.length) : null,
            count
              ? intl.formatMessage(
                  {
                    id: 'imports.episodesCounted',
                    defaultMessage:
                      '{count, plural, one {# episode counted} other {# episodes counted}}',
                  },
                  { count: count.watched },
                )
              : null,
          ]
            .filter(Boolean)
            .join(dot)}
        </span>
      </div>
      {watches.length ? (
        <ul
          aria-label={intl.formatMessage(
            { id: 'imports.heldWatchesOf', defaultMessage: 'Held watches of {title}' },
            { title: show.title },
          )}
          className="mt-2 flex flex-wrap gap-1.5"
        >
          {watches.map((w) => (
            <li
              key={`${w.season}:${w.number}:${w.airDate}`}
              className="rounded-md bg-slate-800/80 px-2 py-0.5 text-xs text-slate-200 tabular-nums"
            >
              {w.number !== null
                ? episodeCode(w.season, w.number)
                : (w.airDate ??
                  intl.formatMessage({ id: 'imports.episode', defaultMessage: 'Episode' }))}
              <span className="text-slate-400">
                {dot}
                {day().format(new Date(w.watchedAt))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {count ? (
        <p className="mt-2 text-sm text-slate-300">
          {count.watchedAt ? (
            <FormattedMessage
              id="imports.malCountDated"
              defaultMessage="MyAnimeList count: {count, plural, one {# episode} other {# episodes}} watched, {date}."
              values={{ count: count.watched, date: day().format(new Date(count.watchedAt)) }}
            />
          ) : (
            <FormattedMessage
              id="imports.malCountUndated"
              defaultMessage="MyAnimeList count: {count, plural, one {# episode} other {# episodes}} watched, no date in the file."
              values={{ count: count.watched }}
            />
          )}
        </p>
      ) : null}
      <dl className="mt-2 space-y-1.5 text-sm">
        {reasons.map((r) => {
          const { why, resolves } = sentHeldReason(r);
          return (
            <div key={r.reason}>
              <dt className="sr-only">
                <FormattedMessage id="imports.why" defaultMessage="Why" />
              </dt>
              <dd className="text-slate-300">{why}</dd>
              <dt className="sr-only">
                <FormattedMessage id="imports.whatResolves" defaultMessage="What resolves it" />
              </dt>
              <dd className="text-slate-400">{resolves}</dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

/**
 * Held history (issue 19): imported watches the catalogue cannot place yet and MyAnimeList
 * counts it will not guess at, per show, with why and what resolves them.
 */
export function HeldHistory() {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const held = useHeld(offset);
  if (held.isPending || held.isError)
    return (
      <ImportsQueryState
        query={held}
        loading={intl.formatMessage({
          id: 'imports.loadingHeld',
          defaultMessage: 'Loading held history…',
        })}
        failedTitle={intl.formatMessage({
          id: 'imports.loadHeldFailed',
          defaultMessage: 'Could not load held history',
        })}
        retrying
        muted
      />
    );
  const page = held.data;
  if (page.total === 0)
    return (
      <EmptyState
        icon={Hourglass}
        headingLevel={3}
        title={intl.formatMessage({ id: 'imports.noHeld', defaultMessage: 'No held history' })}
        message={intl.formatMessage({
          id: 'imports.noHeldMessage',
          defaultMessage:
            'Imported watches the catalogue cannot place yet wait here, with what will place them. You have none.',
        })}
        className="py-6"
      />
    );
  const last = Math.min(page.offset + page.data.length, page.total);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        {page.totals.counts ? (
          <FormattedMessage
            id="imports.heldTotalsWithCounts"
            defaultMessage="{watches} and {counts} on {shows} are kept until they can be placed. They are in your export and come back when you import it."
            values={{
              watches: countText('watches', page.totals.watches),
              counts: countText('episodeCounts', page.totals.counts),
              shows: countText('shows', page.total),
            }}
          />
        ) : (
          <FormattedMessage
            id="imports.heldTotals"
            defaultMessage="{watches} on {shows} are kept until they can be placed. They are in your export and come back when you import it."
            values={{
              watches: countText('watches', page.totals.watches),
              shows: countText('shows', page.total),
            }}
          />
        )}
      </p>
      <ul className="space-y-2">
        {page.data.map((s) => (
          <HeldShowCard key={s.show.id} value={s} />
        ))}
      </ul>
      {page.total > heldPageSize ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-400">
          <span className="tabular-nums">
            <FormattedMessage
              id="imports.heldRange"
              defaultMessage="Shows {first}–{last} of {total}"
              values={{
                first: formatCount(page.offset + 1),
                last: formatCount(last),
                total: formatCount(page.total),
              }}
            />
          </span>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={offset === 0 || held.isFetching}
              onClick={() => setOffset(Math.max(0, offset - heldPageSize))}
            >
              <FormattedMessage id="imports.previous" defaultMessage="Previous" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!page.hasMore || held.isFetching}
              onClick={() => setOffset(offset + heldPageSize)}
            >
              <FormattedMessage id="imports.next" defaultMessage="Next" />
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
