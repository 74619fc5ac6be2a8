import { yearReviewMessages, type YearReview } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { may, type Viewer } from '../../platform/policy';
import { longestStreak } from './stats.service';
import { offsetAt, wallClock } from '../../lib/zone-offsets';
import type { YearReviewRepository } from './year-review.repository';

/** What the year page needs of a member row. */
interface YearMember {
  id: number;
  username: string;
  display_name: string | null;
  is_public: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The member's local day ('YYYY-MM-DD') of a UTC hour ('YYYY-MM-DDTHH'), placed by the hour's middle as the statistics do (ADR 176); the offsets come from the
 * per-zone, per-year tables of lib/zone-offsets (a few time-zone look-ups per year, once per
 * process, rather than one slow Intl call per hour).
 */
export function localDays(timeZone: string) {
  return (utcHour: string): string =>
    wallClock(timeZone, Date.parse(`${utcHour}:30:00Z`))
      .toISOString()
      .slice(0, 10);
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
  /** The users feature's look-ups of a member (the composition root passes them). */
  users: {
    byId(id: number): Promise<YearMember | undefined>;
    byUsername(username: string): Promise<YearMember | undefined>;
  };
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
    const dayOf = localDays(timeZone);
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
