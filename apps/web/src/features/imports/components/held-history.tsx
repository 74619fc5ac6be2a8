import type { HeldShow } from '@series-tracker/contracts';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { episodeCode, formatCount, lazily } from '@/lib/format';
import { heldPageSize, useHeld } from '../api/imports';
import { ImportsQueryState } from './query-state';

const day = lazily(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }));
const plural = (n: number, word: string) =>
  `${formatCount(n)} ${n === 1 ? word : /(s|sh|ch|x)$/.test(word) ? `${word}es` : `${word}s`}`;

function HeldShowCard({ value }: { value: HeldShow }) {
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
          {show.year ? <span className="ml-1 text-slate-400">({show.year})</span> : null}
        </Link>
        <span className="text-sm text-slate-300 tabular-nums">
          {[
            watches.length ? plural(watches.length, 'watch') : null,
            count ? `${plural(count.watched, 'episode')} counted` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {watches.length ? (
        <ul aria-label={`Held watches of ${show.title}`} className="mt-2 flex flex-wrap gap-1.5">
          {watches.map((w) => (
            <li
              key={`${w.season}:${w.number}:${w.airDate}`}
              className="rounded-md bg-slate-800/80 px-2 py-0.5 text-xs text-slate-200 tabular-nums"
            >
              {w.number !== null ? episodeCode(w.season, w.number) : (w.airDate ?? 'Episode')}
              <span className="text-slate-400"> · {day().format(new Date(w.watchedAt))}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {count ? (
        <p className="mt-2 text-sm text-slate-300">
          MyAnimeList count: {plural(count.watched, 'episode')} watched
          {count.watchedAt
            ? `, ${day().format(new Date(count.watchedAt))}`
            : ', no date in the file'}
          .
        </p>
      ) : null}
      <dl className="mt-2 space-y-1.5 text-sm">
        {reasons.map((r) => (
          <div key={r.reason}>
            <dt className="sr-only">Why</dt>
            <dd className="text-slate-300">{r.why}</dd>
            <dt className="sr-only">What resolves it</dt>
            <dd className="text-slate-400">{r.resolves}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Held history (issue 19): imported watches the catalogue cannot place yet and MyAnimeList
 * counts it will not guess at, per show, with why and what resolves them.
 */
export function HeldHistory() {
  const [offset, setOffset] = useState(0);
  const held = useHeld(offset);
  if (held.isPending || held.isError)
    return (
      <ImportsQueryState
        query={held}
        loading="Loading held history…"
        failedTitle="Could not load held history"
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
        title="No held history"
        message="Imported watches the catalogue cannot place yet wait here, with what will place them. You have none."
        className="py-6"
      />
    );
  const last = Math.min(page.offset + page.data.length, page.total);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        {plural(page.totals.watches, 'watch')}
        {page.totals.counts ? ` and ${plural(page.totals.counts, 'episode count')}` : ''} on{' '}
        {plural(page.total, 'show')} are kept until they can be placed. They are in your export and
        come back when you import it.
      </p>
      <ul className="space-y-2">
        {page.data.map((s) => (
          <HeldShowCard key={s.show.id} value={s} />
        ))}
      </ul>
      {page.total > heldPageSize ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-400">
          <span className="tabular-nums">
            Shows {formatCount(page.offset + 1)}–{formatCount(last)} of {formatCount(page.total)}
          </span>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={offset === 0 || held.isFetching}
              onClick={() => setOffset(Math.max(0, offset - heldPageSize))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!page.hasMore || held.isFetching}
              onClick={() => setOffset(offset + heldPageSize)}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
