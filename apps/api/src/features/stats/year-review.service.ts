import { yearReviewMessages, type YearReview } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { may, type Viewer } from '../../platform/policy';
import type { UsersRepository } from '../users/users.repository';
import { longestStreak } from './stats.service';
import type { YearReviewRepository } from './year-review.repository';

const round1 = (x: number) => Math.round(x * 10) / 10;

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building one costs far more than using it. */
function formatFor(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** How far `timeZone`'s clock is ahead of UTC at instant `t` (ms). */
function offsetAt(timeZone: string, t: number): number {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(new Date(t))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
  return local - Math.floor(t / 1000) * 1000;
}

/**
 * The member's local day ('YYYY-MM-DD') of a UTC hour ('YYYY-MM-DDTHH') between `from` and
 * `to`, placed by the hour's middle as the statistics do (ADR 176). The zone's offset is
 * sampled weekly over the range and each change found to the hour by halving, so a busy year
 * costs some sixty time-zone look-ups (each a slow Intl call) rather than one per hour.
 */
export function localDays(timeZone: string, from: string, to: string) {
  const hour = 3_600_000;
  const week = 7 * 24 * hour;
  const start = Date.parse(from) - week;
  const end = Date.parse(to) + week;
  // Segments [at, next) with one offset each, in order.
  const segments: { at: number; offset: number }[] = [
    { at: -Infinity, offset: offsetAt(timeZone, start) },
  ];
  let prevT = start;
  let prevOffset = segments[0]!.offset;
  for (let t = start + week; t <= end + week; t += week) {
    const o = offsetAt(timeZone, t);
    if (o !== prevOffset) {
      // The first hour in (prevT, t] on the new offset.
      let lo = prevT;
      let hi = t;
      while (hi - lo > hour) {
        const mid = lo + Math.floor((hi - lo) / 2 / hour) * hour;
        if (offsetAt(timeZone, mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ at: hi, offset: o });
      prevOffset = o;
    }
    prevT = t;
  }
  return (utcHour: string): string => {
    const t = Date.parse(`${utcHour}:30:00Z`);
    let offset = segments[0]!.offset;
    for (const seg of segments) if (seg.at <= t) offset = seg.offset;
    return new Date(t + offset).toISOString().slice(0, 10);
  };
}

/** The UTC instants of 1 January 00:00 of `year` and of the next year on `timeZone`'s clock. */
export function localYearBounds(year: number, timeZone: string) {
  const start = (y: number) => {
    const guess = Date.UTC(y, 0, 1);
    // Twice: the offset at the guess and at the instant it points to (DST at new year).
    const first = guess - offsetAt(timeZone, guess);
    return new Date(guess - offsetAt(timeZone, first)).toISOString();
  };
  return { from: start(year), to: start(year + 1) };
}

/** A zone Intl knows, else UTC (a saved zone is validated already; this guards the query's). */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export interface YearReviewServiceOptions {
  repo: YearReviewRepository;
  users: Pick<UsersRepository, 'byId' | 'byUsername'>;
  /** Whether `blocker` blocks `blocked` (social): a block hides a profile's details. */
  blocks: (blocker: number, blocked: number) => Promise<boolean>;
  /** The member's saved time zone (the calendar's setting; stats use the same, ADR 176). */
  timeZoneOf: (userId: number) => Promise<string | null>;
}

export function createYearReviewService(opts: YearReviewServiceOptions) {
  const { repo, users, blocks, timeZoneOf } = opts;

  async function compute(
    viewer: Viewer,
    user: { id: number; username: string; display_name: string | null },
    year: number,
    fallbackZone?: string,
  ): Promise<YearReview> {
    const own = viewer?.id === user.id;
    const saved = await timeZoneOf(user.id);
    // The owner's clock, whoever looks; the browser's zone only for the owner without one.
    const timeZone = knownZone(saved ?? (own ? fallbackZone : null));
    const { from, to } = localYearBounds(year, timeZone);
    const [cells, first, last, written, years] = await Promise.all([
      repo.hourShows(user.id, from, to),
      repo.edge(user.id, from, to, 'first'),
      repo.edge(user.id, from, to, 'last'),
      repo.written(viewer, user.id, from, to),
      repo.years(user.id),
    ]);
    const dayOf = localDays(timeZone, from, to);
    const byMonth = Array<number>(12).fill(0);
    const perDay = new Map<string, number>();
    const perShow = new Map<number, { plays: number; minutes: number }>();
    const episodeIds = new Set<number>();
    let plays = 0;
    let minutes = 0;
    for (const c of cells) {
      episodeIds.add(c.episodeId);
      plays += c.plays;
      minutes += c.minutes;
      const s = perShow.get(c.showId) ?? { plays: 0, minutes: 0 };
      s.plays += c.plays;
      s.minutes += c.minutes;
      perShow.set(c.showId, s);
      const day = dayOf(c.hour);
      // An hour placed by its middle can fall just outside the year in half-hour zones.
      if (!day.startsWith(`${year}-`)) continue;
      byMonth[Number(day.slice(5, 7)) - 1]! += c.plays;
      perDay.set(day, (perDay.get(day) ?? 0) + c.plays);
    }
    const showIds = [...perShow.keys()];
    const [genrePairs, topRows] = await Promise.all([
      repo.genresOf(showIds),
      repo.shows(
        [...perShow.entries()]
          .sort((a, b) => b[1].plays - a[1].plays || b[1].minutes - a[1].minutes)
          .slice(0, 10)
          .map(([id]) => id),
      ),
    ]);
    const genres = new Map<string, { episodes: number; minutes: number }>();
    for (const g of genrePairs) {
      const s = perShow.get(g.show_id)!;
      const t = genres.get(g.name) ?? { episodes: 0, minutes: 0 };
      t.episodes += s.plays;
      t.minutes += s.minutes;
      genres.set(g.name, t);
    }
    const topGenres = [...genres.entries()]
      .sort((a, b) => b[1].episodes - a[1].episodes || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([name, t]) => ({ name, ...t }));
    const topShows = topRows
      .map((r) => ({
        id: r.id,
        title: r.title,
        coverImageUrl: r.poster_url,
        episodes: perShow.get(r.id)!.plays,
        minutes: perShow.get(r.id)!.minutes,
      }))
      .sort(
        (a, b) =>
          b.episodes - a.episodes || b.minutes - a.minutes || a.title.localeCompare(b.title),
      )
      .slice(0, 5);
    const totals = { plays, minutes, shows: perShow.size };
    let busiestDay: YearReview['busiestDay'] = null;
    for (const [day, episodes] of [...perDay.entries()].sort((a, b) => a[0].localeCompare(b[0])))
      if (!busiestDay || episodes > busiestDay.episodes) busiestDay = { day, episodes };
    let busiestMonth: YearReview['busiestMonth'] = null;
    byMonth.forEach((episodes, month) => {
      if (episodes > 0 && (!busiestMonth || episodes > busiestMonth.episodes))
        busiestMonth = { month: month + 1, episodes };
    });
    return {
      year,
      user: { id: user.id, username: user.username, displayName: user.display_name },
      timeZone: own ? timeZone : null,
      years: [...new Set([...years, ...(totals.plays ? [year] : [])])].sort((a, b) => b - a),
      plays: totals.plays,
      episodes: episodeIds.size,
      minutes: totals.minutes,
      hours: round1(totals.minutes / 60),
      shows: totals.shows,
      topShows,
      topGenres,
      byMonth,
      busiestDay,
      busiestMonth,
      longestStreak: longestStreak([...perDay.keys()].sort()),
      firstWatch: first,
      lastWatch: last,
      reviewsWritten: written.reviews,
      listsCreated: written.lists,
    };
  }

  return {
    /** The signed-in member's own year. */
    async mine(viewer: { id: number }, year: number, fallbackZone?: string) {
      const user = await users.byId(viewer.id);
      if (!user) throw notFound(yearReviewMessages.userNotFound);
      return compute(viewer, user, year, fallbackZone);
    },

    /**
     * Another member's year, as their profile allows: a private profile, or one that blocks the
     * viewer, is absent (404) rather than refused, so a shared link reveals nothing.
     */
    async ofUsername(viewer: Viewer, username: string, year: number) {
      const user = await readable(viewer, username);
      return compute(viewer, user, year);
    },

    /** The member row when the viewer may read the year page, else a 404. */
    readable,
  };

  async function readable(viewer: Viewer, username: string) {
    const user = await users.byUsername(username);
    const ok =
      !!user &&
      may(viewer, 'read', {
        kind: 'profile',
        userId: user.id,
        isPublic: Boolean(user.is_public),
      }) &&
      (viewer?.id === user.id || !viewer || !(await blocks(user.id, viewer.id)));
    if (!ok) throw notFound(yearReviewMessages.userNotFound);
    return user!;
  }
}

export type YearReviewService = ReturnType<typeof createYearReviewService>;
