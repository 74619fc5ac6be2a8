import type { YearReview } from '@series-tracker/contracts';
import { CalendarX2, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { intl as currentIntl } from '@/i18n';
import { shareLink } from '@/lib/share-link';
import { formatCount } from '@/lib/format';
import { dayLabel, monthName } from '../lib/review-dates';
import { Bars, Card, Fact, Months, Tile, Watch } from './year-review-parts';
import { genreName } from '@/lib/genre-name';

/** '4 episodes', '3 days', '2 hours' in the interface's language. */
const episodes = (count: number) =>
  currentIntl().formatMessage(
    {
      id: 'stats.episodeCount',
      defaultMessage: '{count, plural, one {# episode} other {# episodes}}',
    },
    { count },
  );
const days = (count: number) =>
  currentIntl().formatMessage(
    { id: 'stats.dayCount', defaultMessage: '{count, plural, one {# day} other {# days}}' },
    { count },
  );
const hours = (count: number) =>
  currentIntl().formatMessage(
    { id: 'stats.hourCount', defaultMessage: '{count, plural, one {# hour} other {# hours}}' },
    { count },
  );

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
  const intl = useIntl();
  const r = review;
  const years = r.years.includes(r.year) ? r.years : [r.year, ...r.years];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-violet-300">
            <FormattedMessage id="stats.yearInReview" defaultMessage="Year in review" />
          </p>
          <h1 dir="auto" className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {heading}
          </h1>
        </div>
        {shareUrl && r.plays > 0 ? (
          <Button variant="secondary" onClick={() => void shareLink(shareUrl, heading)}>
            <Share2 aria-hidden className="size-4" />
            <FormattedMessage id="stats.share" defaultMessage="Share" />
          </Button>
        ) : null}
      </div>
      {notice}
      {years.length > 1 ? (
        <nav
          aria-label={intl.formatMessage({ id: 'stats.years', defaultMessage: 'Years' })}
          className="flex flex-wrap gap-2"
        >
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
          title={intl.formatMessage(
            { id: 'stats.nothingWatched', defaultMessage: 'Nothing watched in {year}' },
            { year: String(r.year) },
          )}
          message={
            r.years.length
              ? intl.formatMessage({
                  id: 'stats.nothingThisYear',
                  defaultMessage:
                    'No episodes were marked as watched this year. Pick another year above.',
                })
              : intl.formatMessage({
                  id: 'stats.nothingAnyYear',
                  defaultMessage: 'Episodes marked as watched show up here, by year.',
                })
          }
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Tile
              label={intl.formatMessage({ id: 'stats.tileEpisodes', defaultMessage: 'Episodes' })}
              value={formatCount(r.episodes)}
            />
            <Tile
              label={intl.formatMessage({ id: 'stats.tileHours', defaultMessage: 'Hours' })}
              value={formatCount(Math.round(r.hours))}
            />
            <Tile
              label={intl.formatMessage({ id: 'stats.tileShows', defaultMessage: 'Shows' })}
              value={formatCount(r.shows)}
            />
            <Tile
              label={intl.formatMessage({
                id: 'stats.tileStreak',
                defaultMessage: 'Longest streak',
              })}
              value={days(r.longestStreak.days)}
            />
            <Tile
              label={intl.formatMessage({
                id: 'stats.tileReviews',
                defaultMessage: 'Reviews written',
              })}
              value={formatCount(r.reviewsWritten)}
            />
            <Tile
              label={intl.formatMessage({ id: 'stats.tileLists', defaultMessage: 'Lists made' })}
              value={formatCount(r.listsCreated)}
            />
          </dl>
          <Card
            title={intl.formatMessage({
              id: 'stats.monthByMonth',
              defaultMessage: 'Month by month',
            })}
          >
            <Months byMonth={r.byMonth} />
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              {r.busiestMonth ? (
                <Fact
                  label={intl.formatMessage({
                    id: 'stats.busiestMonth',
                    defaultMessage: 'Busiest month',
                  })}
                  valueClassName="text-slate-100"
                >
                  <FormattedMessage
                    id="stats.busiestMonthValue"
                    defaultMessage="{month} · {count, plural, one {# episode} other {# episodes}}"
                    values={{
                      month: monthName(r.busiestMonth.month - 1),
                      count: r.busiestMonth.episodes,
                    }}
                  />
                </Fact>
              ) : null}
              {r.busiestDay ? (
                <Fact
                  label={intl.formatMessage({
                    id: 'stats.busiestDay',
                    defaultMessage: 'Busiest day',
                  })}
                  valueClassName="text-slate-100"
                >
                  <FormattedMessage
                    id="stats.busiestDayValue"
                    defaultMessage="{day} · {count, plural, one {# episode} other {# episodes}}"
                    values={{ day: dayLabel(r.busiestDay.day), count: r.busiestDay.episodes }}
                  />
                </Fact>
              ) : null}
            </dl>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={intl.formatMessage({ id: 'stats.topShows', defaultMessage: 'Top shows' })}>
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
                        <FormattedMessage
                          id="stats.showFigures"
                          defaultMessage="{episodes} · {hours}"
                          values={{
                            episodes: episodes(s.episodes),
                            hours: hours(Math.round(s.minutes / 60)),
                          }}
                        />
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </Card>
            <Card
              title={intl.formatMessage({ id: 'stats.topGenres', defaultMessage: 'Top genres' })}
            >
              {r.topGenres.length ? (
                <Bars
                  items={r.topGenres.map((g) => ({
                    key: g.name,
                    label: genreName(g.name),
                    value: g.episodes,
                    note: episodes(g.episodes),
                  }))}
                />
              ) : (
                <p className="text-sm text-slate-400">
                  <FormattedMessage
                    id="stats.noGenres"
                    defaultMessage="No genres known for these shows."
                  />
                </p>
              )}
            </Card>
          </div>
          <Card
            title={intl.formatMessage({
              id: 'stats.firstAndLast',
              defaultMessage: 'First and last',
            })}
          >
            <dl className="grid gap-4 sm:grid-cols-2">
              <Watch
                label={intl.formatMessage({
                  id: 'stats.firstWatch',
                  defaultMessage: 'First watch of the year',
                })}
                watch={r.firstWatch}
                timeZone={r.timeZone}
              />
              <Watch
                label={
                  r.year < new Date().getFullYear()
                    ? intl.formatMessage({
                        id: 'stats.lastWatchOfYear',
                        defaultMessage: 'Last watch of the year',
                      })
                    : intl.formatMessage({
                        id: 'stats.lastWatchSoFar',
                        defaultMessage: 'Last watch so far',
                      })
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
