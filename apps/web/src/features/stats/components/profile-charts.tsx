import type { PersonalStats } from '@series-tracker/contracts';
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

/*
 * The profile's charts. This module (and recharts with it) is loaded on demand by the
 * Overview tab (React.lazy), so a profile's first load stays small.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const axis = { stroke: '#94a3b8', fontSize: 12 };
const tooltip = {
  contentStyle: { background: '#0f172a', border: '1px solid #334155', borderRadius: 8 },
  labelStyle: { color: '#e2e8f0' },
  itemStyle: { color: '#c4b5fd' },
  cursor: { fill: 'rgba(139, 92, 246, 0.12)' },
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
  return (
    <ChartFrame>
      <BarChart data={data} margin={{ left: -20, right: 4 }}>
        <CartesianGrid stroke="#1e293b" vertical={false} />
        <XAxis dataKey="name" {...axis} {...xAxis} />
        <YAxis allowDecimals={false} {...axis} />
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
export function clockLabel(timeZone: string | null): string {
  return timeZone ? timeZone.replace(/_/g, ' ') : 'the member’s time';
}

/** Episodes by weekday and hour, on the member's clock: darker is more. */
function Heatmap({ heatmap, clock }: { heatmap: number[][]; clock: string }) {
  const max = Math.max(1, ...heatmap.flat());
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-0.5 text-[10px] text-slate-400">
        <caption className="sr-only">Episodes watched by weekday and hour ({clock})</caption>
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              Day
            </th>
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col" className="w-4 font-normal">
                {h % 6 === 0 ? h : <span className="sr-only">{h}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.map((row, d) => (
            <tr key={d}>
              <th scope="row" className="pr-1 text-left font-normal">
                {WEEKDAYS[d]}
              </th>
              {row.map((n, h) => (
                <td
                  key={h}
                  title={`${WEEKDAYS[d]} ${h}:00 — ${n} episode${n === 1 ? '' : 's'}`}
                  className="size-4 rounded-sm"
                  style={{
                    background:
                      n === 0 ? 'rgb(30 41 59)' : `rgba(139, 92, 246, ${0.25 + (0.75 * n) / max})`,
                  }}
                >
                  <span className="sr-only">{n}</span>
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
  const months = stats.byMonth.map((episodes, i) => ({ name: MONTHS[i], episodes }));
  const genres = stats.topGenres.slice(0, 8).map((g) => ({ name: g.name, episodes: g.episodes }));
  const ratings = stats.ratingDistribution.map((count, i) => ({ name: String(i + 1), count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="profile-charts">
      <ChartCard title="Episodes by month">
        <ColumnChart
          data={months}
          dataKey="episodes"
          name="Episodes"
          fill="#8b5cf6"
          xAxis={{ interval: 0, tick: { fontSize: 10 } }}
        />
      </ChartCard>
      <ChartCard title={`Viewing times (weekday × hour, ${clockLabel(stats.timeZone)})`}>
        <Heatmap heatmap={stats.heatmap} clock={clockLabel(stats.timeZone)} />
      </ChartCard>
      <ChartCard title="Top genres">
        {genres.length ? (
          <ChartFrame>
            <BarChart data={genres} layout="vertical" margin={{ left: 10, right: 8 }}>
              <CartesianGrid stroke="#1e293b" horizontal={false} />
              <XAxis type="number" allowDecimals={false} {...axis} />
              <YAxis type="category" dataKey="name" width={90} {...axis} />
              <Tooltip {...tooltip} />
              <Bar dataKey="episodes" name="Episodes" fill="#6366f1" radius={[0, 4, 4, 0]} />
            </BarChart>
          </ChartFrame>
        ) : (
          <p className="text-sm text-slate-400">No episodes watched in this period.</p>
        )}
      </ChartCard>
      <ChartCard title="Scores given">
        {stats.ratingDistribution.some((n) => n > 0) ? (
          <ColumnChart data={ratings} dataKey="count" name="Shows" fill="#f59e0b" />
        ) : (
          <p className="text-sm text-slate-400">No scores yet.</p>
        )}
      </ChartCard>
    </div>
  );
}
