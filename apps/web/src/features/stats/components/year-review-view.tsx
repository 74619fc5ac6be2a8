import type { YearReview } from '@series-tracker/contracts';
import { CalendarX2, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { shareLink } from '@/lib/share-link';
import { episodeCode, formatCount } from '@/lib/format';

const monthLong = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** 'Wednesday, March 4' for a local day 'YYYY-MM-DD' (already on the member's clock). */
export function dayLabel(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function instantLabel(at: string, timeZone: string | null): string {
  return new Date(at).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** One figure of the review: its name over its value, which has the look `valueClassName`. */
function Fact({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-400">{label}</dt>
      <dd className={`mt-1 ${valueClassName}`}>{children}</dd>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Fact
      label={label}
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      valueClassName="text-2xl font-bold text-white tabular-nums"
    >
      {value}
    </Fact>
  );
}

function Bars({
  items,
}: {
  items: { key: string; label: ReactNode; value: number; note: string }[];
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol className="space-y-2.5">
      {items.map((i) => (
        <li key={i.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-slate-100">{i.label}</span>
            <span className="shrink-0 text-xs text-slate-400 tabular-nums">{i.note}</span>
          </div>
          <div aria-hidden className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800">
            <div
              className="h-full rounded-full bg-violet-500"
              style={{ width: `${Math.max(2, (i.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

function Months({ byMonth }: { byMonth: number[] }) {
  const max = Math.max(1, ...byMonth);
  return (
    <ol className="flex h-40 items-end gap-1 sm:gap-2" aria-label="Episodes by month">
      {byMonth.map((n, i) => (
        <li key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
          <span className="text-[11px] text-slate-400 tabular-nums">{n || ''}</span>
          <div
            aria-hidden
            className="w-full rounded-t bg-violet-500"
            style={{ height: `${Math.max(n ? 4 : 1, (n / max) * 100)}%` }}
          />
          <span className="text-[11px] text-slate-400">
            <span aria-hidden>{monthLong[i]!.slice(0, 1)}</span>
            <span className="sr-only">
              {monthLong[i]}: {plural(n, 'episode')}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-800 bg-slate-900/40 p-4 sm:p-5">
      <h2 className="mb-4 text-base font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

function Watch({
  label,
  watch,
  timeZone,
}: {
  label: string;
  watch: YearReview['firstWatch'];
  timeZone: string | null;
}) {
  if (!watch) return null;
  return (
    <Fact label={label} valueClassName="text-sm text-slate-100">
      <Link to={`/show/${watch.showId}`} dir="auto" className="font-semibold hover:text-violet-300">
        {watch.showTitle}
      </Link>{' '}
      <span className="text-slate-400">
        {episodeCode(watch.seasonNumber, watch.episodeNumber)} · {instantLabel(watch.at, timeZone)}
      </span>
    </Fact>
  );
}

/** The year in review (issue 29): figures, simple CSS charts, a year picker and Share. */
export function YearReviewView({
  review,
  heading,
  shareUrl,
  yearHref,
  notice,
}: {
  review: YearReview;
  heading: string;
  /** The public address Share hands out; absent when there is nothing public to share. */
  shareUrl: string | null;
  yearHref: (year: number) => string;
  notice?: ReactNode;
}) {
  const r = review;
  const years = r.years.includes(r.year) ? r.years : [r.year, ...r.years];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-violet-300">Year in review</p>
          <h1 dir="auto" className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {heading}
          </h1>
        </div>
        {shareUrl && r.plays > 0 ? (
          <Button variant="secondary" onClick={() => void shareLink(shareUrl, heading)}>
            <Share2 aria-hidden className="size-4" />
            Share
          </Button>
        ) : null}
      </div>
      {notice}
      {years.length > 1 ? (
        <nav aria-label="Years" className="flex flex-wrap gap-2">
          {years.map((y) => (
            <Link
              key={y}
              to={yearHref(y)}
              aria-current={y === r.year ? 'page' : undefined}
              className={
                y === r.year
                  ? 'inline-flex h-8 items-center rounded-full bg-violet-600 px-3 text-sm font-semibold text-white'
                  : 'inline-flex h-8 items-center rounded-full border border-slate-700 px-3 text-sm text-slate-300 hover:border-slate-500 hover:text-white'
              }
            >
              {y}
            </Link>
          ))}
        </nav>
      ) : null}
      {r.plays === 0 ? (
        <EmptyState
          icon={CalendarX2}
          title={`Nothing watched in ${r.year}`}
          message={
            r.years.length
              ? 'No episodes were marked as watched this year. Pick another year above.'
              : 'Episodes marked as watched show up here, by year.'
          }
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Tile label="Episodes" value={formatCount(r.episodes)} />
            <Tile label="Hours" value={formatCount(Math.round(r.hours))} />
            <Tile label="Shows" value={formatCount(r.shows)} />
            <Tile label="Longest streak" value={plural(r.longestStreak.days, 'day')} />
            <Tile label="Reviews written" value={formatCount(r.reviewsWritten)} />
            <Tile label="Lists made" value={formatCount(r.listsCreated)} />
          </dl>
          <Card title="Month by month">
            <Months byMonth={r.byMonth} />
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              {r.busiestMonth ? (
                <Fact label="Busiest month" valueClassName="text-slate-100">
                  {monthLong[r.busiestMonth.month - 1]} ·{' '}
                  {plural(r.busiestMonth.episodes, 'episode')}
                </Fact>
              ) : null}
              {r.busiestDay ? (
                <Fact label="Busiest day" valueClassName="text-slate-100">
                  {dayLabel(r.busiestDay.day)} · {plural(r.busiestDay.episodes, 'episode')}
                </Fact>
              ) : null}
            </dl>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Top shows">
              <ol className="space-y-3">
                {r.topShows.map((s, i) => (
                  <li key={s.id} className="flex items-center gap-3">
                    <span className="w-4 text-sm font-semibold text-slate-400 tabular-nums">
                      {i + 1}
                    </span>
                    <CoverImage
                      src={s.coverImageUrl}
                      title={s.title}
                      decorative
                      className="aspect-[2/3] w-10 shrink-0 rounded"
                    />
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/show/${s.id}`}
                        dir="auto"
                        className="block truncate text-sm font-semibold text-slate-100 hover:text-violet-300"
                      >
                        {s.title}
                      </Link>
                      <p className="text-xs text-slate-400">
                        {plural(s.episodes, 'episode')} ·{' '}
                        {plural(Math.round(s.minutes / 60), 'hour')}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </Card>
            <Card title="Top genres">
              {r.topGenres.length ? (
                <Bars
                  items={r.topGenres.map((g) => ({
                    key: g.name,
                    label: g.name,
                    value: g.episodes,
                    note: plural(g.episodes, 'episode'),
                  }))}
                />
              ) : (
                <p className="text-sm text-slate-400">No genres known for these shows.</p>
              )}
            </Card>
          </div>
          <Card title="First and last">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Watch label="First watch of the year" watch={r.firstWatch} timeZone={r.timeZone} />
              <Watch
                label={
                  r.year < new Date().getFullYear() ? 'Last watch of the year' : 'Last watch so far'
                }
                watch={r.lastWatch}
                timeZone={r.timeZone}
              />
            </dl>
          </Card>
        </>
      )}
    </div>
  );
}
