import { yearReviewMessages, type YearReview } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { may, type Viewer } from '../../platform/policy';
import type { UsersRepository } from '../users/users.repository';
import { localClock, longestStreak } from './stats.service';
import type { YearReviewRepository } from './year-review.repository';

const round1 = (x: number) => Math.round(x * 10) / 10;

/** How far `timeZone`'s clock is ahead of UTC at instant `t` (ms). */
function offsetAt(timeZone: string, t: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
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
    const [hours, totals, topShows, topGenres, first, last, written, years] = await Promise.all([
      repo.byHour(user.id, from, to),
      repo.totals(user.id, from, to),
      repo.topShows(user.id, from, to, 5),
      repo.topGenres(user.id, from, to, 5),
      repo.edge(user.id, from, to, 'first'),
      repo.edge(user.id, from, to, 'last'),
      repo.written(viewer, user.id, from, to),
      repo.years(user.id),
    ]);
    const local = localClock(timeZone);
    const byMonth = Array<number>(12).fill(0);
    const perDay = new Map<string, number>();
    for (const h of hours) {
      const { day, month } = local(h.hour);
      // An hour placed by its middle can fall just outside the year in half-hour zones.
      if (!day.startsWith(`${year}-`)) continue;
      byMonth[month]! += h.plays;
      perDay.set(day, (perDay.get(day) ?? 0) + h.plays);
    }
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
      episodes: totals.episodes,
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
