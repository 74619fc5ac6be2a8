import type { PersonalStats } from '@series-tracker/contracts';
import { localeDirection } from '@series-tracker/contracts/locales';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type XAxisProps,
} from 'recharts';
import { perLocale, useLocale } from '@/i18n';
import { formatCount } from '@/lib/format';
import { genreName } from '@/lib/genre-name';

/*
 * The profile's charts. This module (and recharts with it) is loaded on demand by the
 * Overview tab (React.lazy), so a profile's first load stays small.
 */

const shortMonth = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
);
const shortWeekday = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
);
/** The month's short name in the interface's language (0 is January). */
const monthName = (month: number) => shortMonth().format(Date.UTC(2024, month, 1));
/** The weekday's short name, Monday first as the heatmap's rows are (2024-01-01 was a Monday). */
const weekdayName = (day: number) => shortWeekday().format(Date.UTC(2024, 0, 1 + day));
const count = (value: unknown) => formatCount(Number(value));

/** Right to left, the charts' columns run from the right and their value axis stands there. */
function useRtl(): boolean {
  return localeDirection(useLocale().locale) === 'rtl';
}
const axis = { stroke: '#94a3b8', fontSize: 12 };
const tooltip = {
  contentStyle: { background: '#0f172a', border: '1px solid #334155', borderRadius: 8 },
  labelStyle: { color: '#e2e8f0' },
  itemStyle: { color: '#c4b5fd' },
  cursor: { fill: 'rgba(139, 92, 246, 0.12)' },
  formatter: count,
};

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      <figcaption className="mb-3 text-sm font-semibold text-slate-200">{title}</figcaption>
      {children}
    </figure>
  );
}

/** A chart's box: 14 rem high, the chart filling it. */
function ChartFrame({ children }: { children: React.ReactElement }) {
  return (
    <div className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Upright bars over named columns (`name` of each row: months, scores): the rows' `dataKey`,
 * called `name` in the tooltip; `xAxis` adds to the column axis.
 */
function ColumnChart({
  data,
  dataKey,
  name,
  fill,
  xAxis,
}: {
  data: { name?: string }[];
  dataKey: string;
  name: string;
  fill: string;
  xAxis?: XAxisProps;
}) {
  const rtl = useRtl();
  return (
    <ChartFrame>
      <BarChart data={data} margin={rtl ? { left: 4, right: -20 } : { left: -20, right: 4 }}>
        <CartesianGrid stroke="#1e293b" vertical={false} />
        <XAxis dataKey="name" reversed={rtl} {...axis} {...xAxis} />
        <YAxis
          allowDecimals={false}
          orientation={rtl ? 'right' : 'left'}
          tickFormatter={count}
          {...axis}
        />
        <Tooltip {...tooltip} />
        <Bar dataKey={dataKey} name={name} fill={fill} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartFrame>
  );
}

/**
 * Which clock the days and hours are on (ADR 176): the member's saved time zone, named to
 * the member only; other viewers read "the member's time".
 */
function useClockLabel(timeZone: string | null): string {
  const intl = useIntl();
  return timeZone
    ? timeZone.replace(/_/g, ' ')
    : intl.formatMessage({ id: 'stats.memberClock', defaultMessage: 'the member’s time' });
}

/** Episodes by weekday and hour, on the member's clock: darker is more. */
function Heatmap({ heatmap, clock }: { heatmap: number[][]; clock: string }) {
  const intl = useIntl();
  const max = Math.max(1, ...heatmap.flat());
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-0.5 text-[10px] text-slate-400">
        <caption className="sr-only">
          <FormattedMessage
            id="stats.heatmapCaption"
            defaultMessage="Episodes watched by weekday and hour ({clock})"
            values={{ clock }}
          />
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              <FormattedMessage id="stats.heatmapDay" defaultMessage="Day" />
            </th>
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col" className="w-4 font-normal">
                {h % 6 === 0 ? count(h) : <span className="sr-only">{count(h)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.map((row, d) => (
            <tr key={d}>
              <th scope="row" className="pe-1 text-start font-normal">
                {weekdayName(d)}
              </th>
              {row.map((n, h) => (
                <td
                  key={h}
                  title={intl.formatMessage(
                    {
                      id: 'stats.heatmapCell',
                      defaultMessage:
                        '{day} {hour}:00 — {count, plural, one {# episode} other {# episodes}}',
                    },
                    { day: weekdayName(d), hour: h, count: n },
                  )}
                  className="size-4 rounded-sm"
                  style={{
                    background:
                      n === 0 ? 'rgb(30 41 59)' : `rgba(139, 92, 246, ${0.25 + (0.75 * n) / max})`,
                  }}
                >
                  <span className="sr-only">{count(n)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ProfileCharts({ stats }: { stats: PersonalStats }) {
  const intl = useIntl();
  const rtl = useRtl();
  const clock = useClockLabel(stats.timeZone);
  const episodes = intl.formatMessage({ id: 'stats.chartEpisodes', defaultMessage: 'Episodes' });
  const months = stats.byMonth.map((n, i) => ({ name: monthName(i), episodes: n }));
  const genres = stats.topGenres
    .slice(0, 8)
    .map((g) => ({ name: genreName(g.name), episodes: g.episodes }));
  const ratings = stats.ratingDistribution.map((n, i) => ({ name: count(i + 1), count: n }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="profile-charts">
      <ChartCard
        title={intl.formatMessage({
          id: 'stats.episodesByMonth',
          defaultMessage: 'Episodes by month',
        })}
      >
        <ColumnChart
          data={months}
          dataKey="episodes"
          name={episodes}
          fill="#8b5cf6"
          xAxis={{ interval: 0, tick: { fontSize: 10 } }}
        />
      </ChartCard>
      <ChartCard
        title={intl.formatMessage(
          {
            id: 'stats.viewingTimes',
            defaultMessage: 'Viewing times (weekday × hour, {clock})',
          },
          { clock },
        )}
      >
        <Heatmap heatmap={stats.heatmap} clock={clock} />
      </ChartCard>
      <ChartCard
        title={intl.formatMessage({ id: 'stats.topGenres', defaultMessage: 'Top genres' })}
      >
        {genres.length ? (
          <ChartFrame>
            <BarChart
              data={genres}
              layout="vertical"
              margin={rtl ? { left: 8, right: 10 } : { left: 10, right: 8 }}
            >
              <CartesianGrid stroke="#1e293b" horizontal={false} />
              <XAxis
                type="number"
                allowDecimals={false}
                reversed={rtl}
                tickFormatter={count}
                {...axis}
              />
              <YAxis
                type="category"
                dataKey="name"
                width={90}
                orientation={rtl ? 'right' : 'left'}
                {...axis}
              />
              <Tooltip {...tooltip} />
              <Bar
                dataKey="episodes"
                name={episodes}
                fill="#6366f1"
                radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]}
              />
            </BarChart>
          </ChartFrame>
        ) : (
          <p className="text-sm text-slate-400">
            <FormattedMessage
              id="stats.noEpisodesInPeriod"
              defaultMessage="No episodes watched in this period."
            />
          </p>
        )}
      </ChartCard>
      <ChartCard
        title={intl.formatMessage({ id: 'stats.scoresGiven', defaultMessage: 'Scores given' })}
      >
        {stats.ratingDistribution.some((n) => n > 0) ? (
          <ColumnChart
            data={ratings}
            dataKey="count"
            name={intl.formatMessage({ id: 'stats.chartShows', defaultMessage: 'Shows' })}
            fill="#f59e0b"
          />
        ) : (
          <p className="text-sm text-slate-400">
            <FormattedMessage id="stats.noScores" defaultMessage="No scores yet." />
          </p>
        )}
      </ChartCard>
    </div>
  );
}
