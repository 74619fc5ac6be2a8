import {
  trackingMessages,
  type CompareUsers,
  type PersonalStats,
  type StatsPeriod,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../../platform/policy';
import type { ContentCounts, UsersService } from '../users/users.service';
import type { StatsRepository } from './stats.repository';
import { wallClock } from '../../lib/zone-offsets';
import { msg } from '../../lib/i18n/text';

const DAY = 86_400_000;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Consecutive UTC days in a sorted list of 'YYYY-MM-DD' days. */
export function longestStreak(days: string[]): {
  days: number;
  start: string | null;
  end: string | null;
} {
  let best = { days: 0, start: null as string | null, end: null as string | null };
  let start: string | null = null;
  let prev: number | null = null;
  let len = 0;
  for (const day of days) {
    const t = Date.parse(`${day}T00:00:00Z`);
    if (prev !== null && t - prev === DAY) len++;
    else {
      len = 1;
      start = day;
    }
    prev = t;
    if (len > best.days) best = { days: len, start, end: day };
  }
  return best;
}

export function periodStart(period: StatsPeriod, now = Date.now()): string | null {
  const days = { week: 7, month: 30, year: 365, all: 0 }[period];
  return days ? new Date(now - days * DAY).toISOString() : null;
}

/** The bucket keys from `since` to now, so quiet days show as zero rather than missing. */
export function bucketKeys(since: string, width: 7 | 10 | 13, now = Date.now()): string[] {
  const keys: string[] = [];
  const step = width === 13 ? 3_600_000 : DAY;
  for (let t = Date.parse(since); t <= now; t += step) {
    const k = new Date(t).toISOString().slice(0, width);
    if (keys[keys.length - 1] !== k) keys.push(k);
  }
  const last = new Date(now).toISOString().slice(0, width);
  if (keys[keys.length - 1] !== last) keys.push(last);
  return keys;
}

/**
 * Where an hour of viewing falls on a member's clock (issue 22). Plays are counted in UTC
 * hours ('YYYY-MM-DDTHH'); each hour is placed by its middle (HH:30 UTC), which is exact for
 * whole-hour offsets and puts a half-hour zone's hour on the side it mostly lies. Mondays are 0.
 */
export function localClock(timeZone: string) {
  return (utcHour: string) => {
    const clock = wallClock(timeZone, Date.parse(`${utcHour}:30:00Z`));
    return {
      day: clock.toISOString().slice(0, 10),
      hour: clock.getUTCHours(),
      month: clock.getUTCMonth(),
      weekday: (clock.getUTCDay() + 6) % 7,
    };
  };
}

export interface StatsServiceOptions {
  repo: StatsRepository;
  users: UsersService;
  counts?: ContentCounts;
  /**
   * The member's saved time zone (the calendar's setting, ADR 160), injected by the
   * composition root: per-day figures are counted on the owner's clock (ADR 176).
   */
  timeZoneOf?: (userId: number) => Promise<string | null>;
}

export function createStatsService({
  repo,
  users,
  counts = {},
  timeZoneOf = () => Promise.resolve(null),
}: StatsServiceOptions) {
  async function personal(
    userId: number,
    year: number | null,
    timeZone = 'UTC',
  ): Promise<PersonalStats> {
    const local = localClock(timeZone);
    const [hours, years, genres, networks, library, completed, scores, content, played] =
      await Promise.all([
        repo.watchedByHour(userId, year),
        repo.watchedYears(userId),
        repo.topGenres(userId, year, 10),
        repo.topNetworks(userId, year, 10),
        repo.libraryByStatus(userId),
        repo.completedCount(userId, year),
        repo.scores(userId),
        counts.publicContent?.(userId) ?? Promise.resolve({ reviews: 0, lists: 0 }),
        repo.playCounts(userId, year),
      ]);
    const byMonth = Array<number>(12).fill(0);
    const byWeekday = Array<number>(7).fill(0);
    const byHour = Array<number>(24).fill(0);
    const heatmap = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    const days = new Set<string>();
    let minutes = 0;
    for (const h of hours) {
      const { day, hour, month, weekday } = local(h.hour);
      byMonth[month]! += h.episodes;
      byWeekday[weekday]! += h.episodes;
      byHour[hour]! += h.episodes;
      heatmap[weekday]![hour]! += h.episodes;
      days.add(day);
      minutes += h.minutes;
    }
    const ratingDistribution = Array<number>(10).fill(0);
    let scoreSum = 0;
    let scored = 0;
    for (const s of scores) {
      if (s.score >= 1 && s.score <= 10) ratingDistribution[s.score - 1]! += s.count;
      scoreSum += s.score * s.count;
      scored += s.count;
    }
    const watching = library.get('watching') ?? 0;
    const done = library.get('completed') ?? 0;
    return {
      userId,
      year,
      years,
      // Distinct episodes; every play counts in minutes, months, hours and the heat map.
      episodesWatched: played.episodes,
      plays: played.plays,
      rewatches: played.rewatches,
      minutesWatched: minutes,
      hoursWatched: round1(minutes / 60),
      showsCompleted: completed,
      library: {
        total: [...library.values()].reduce((a, b) => a + b, 0),
        watching,
        completed: done,
        planToWatch: library.get('want_to_watch') ?? 0,
        onHold: library.get('paused') ?? 0,
        dropped: library.get('dropped') ?? 0,
        animeWatching: watching,
        animeCompleted: done,
        mangaReading: 0,
        mangaCompleted: 0,
      },
      byMonth,
      byWeekday,
      byHour,
      heatmap,
      timeZone,
      topGenres: genres,
      topNetworks: networks,
      ratingDistribution,
      averageScore: scored ? round1(scoreSum / scored) : null,
      longestStreak: longestStreak([...days].sort()),
      reviewsWritten: content.reviews,
      listsCreated: content.lists,
    };
  }

  return {
    /**
     * A member's statistics, if the viewer may see them (private profiles: 403). Days and
     * hours on the owner's saved time zone, whoever looks (ADR 176); `fallbackZone` (the
     * viewer's browser) only when the owner saved none.
     */
    async forUser(viewer: Viewer, userId: number, year: number | null, fallbackZone?: string) {
      await users.requireDetails(viewer, userId);
      const saved = await timeZoneOf(userId);
      const stats = await personal(userId, year, saved ?? fallbackZone);
      return viewer?.id === userId ? stats : { ...stats, timeZone: null };
    },

    /** 2 to 4 members: shows in common, how their scores agree, genres they share. */
    async compare(viewer: Viewer, usernames: string[]): Promise<CompareUsers> {
      const rows = await users.byUsernames(usernames);
      const byName = new Map(rows.map((r) => [r.username_lower, r]));
      const members = usernames.map((u) => byName.get(u.toLowerCase()));
      const missing = usernames.filter((_, i) => !members[i]);
      if (missing.length)
        throw notFound(msg('people.usersNotFound', { usernames: missing.join(', ') }));
      for (const m of members) await users.requireDetails(viewer, m!.id);
      const ids = members.map((m) => m!.id);
      const [lists, stats] = await Promise.all([
        repo.watchlists(ids),
        Promise.all(ids.map((id) => personal(id, null))),
      ]);
      const shows = new Map<
        number,
        { title: string; cover: string | null; scores: Map<number, number | null> }
      >();
      for (const w of lists) {
        const s = shows.get(w.show_id) ?? {
          title: w.title,
          cover: w.poster_url,
          scores: new Map<number, number | null>(),
        };
        s.scores.set(w.user_id, w.score);
        shows.set(w.show_id, s);
      }
      const common = [...shows.entries()]
        .filter(([, s]) => s.scores.size === ids.length)
        .sort((a, b) => a[1].title.localeCompare(b[1].title));
      const agreements = common
        .map(([, s]) => ids.map((id) => s.scores.get(id) ?? null))
        .filter((sc): sc is number[] => sc.every((x) => x !== null))
        .map((sc) => 1 - (Math.max(...sc) - Math.min(...sc)) / 9);
      const genreSets = stats.map((s) => new Set(s.topGenres.map((g) => g.name)));
      const sharedGenres = stats[0]!.topGenres
        .map((g) => g.name)
        .filter((g) => genreSets.every((set) => set.has(g)));
      return {
        users: members.map((m, i) => ({
          id: m!.id,
          username: m!.username,
          displayName: m!.display_name,
          avatarUrl: m!.avatar_url,
          showsCount: stats[i]!.library.total,
          episodesWatched: stats[i]!.episodesWatched,
          hoursWatched: stats[i]!.hoursWatched,
          averageScore: stats[i]!.averageScore,
          topGenres: stats[i]!.topGenres.slice(0, 5).map((g) => g.name),
        })),
        showsInCommon: common.slice(0, 50).map(([id, s]) => ({
          id,
          title: s.title,
          coverImageUrl: s.cover,
          scores: ids.map((uid) => s.scores.get(uid) ?? null),
        })),
        showsInCommonCount: common.length,
        ratingAgreement: agreements.length
          ? Math.round((agreements.reduce((a, b) => a + b, 0) / agreements.length) * 100)
          : null,
        ratedInCommon: agreements.length,
        sharedGenres,
      };
    },

    async platform(period: StatsPeriod) {
      const since = periodStart(period);
      const [newUsers, episodesWatched, showsAdded, showsCompleted, follows, activeUsers] =
        await Promise.all([
          repo.countSince('users', 'created_at', since),
          repo.episodesWatchedSince(since),
          repo.countSince('watchlist_items', 'created_at', since),
          repo.completedSince(since),
          repo.countSince('follows', 'created_at', since),
          repo.activeUsersSince(since),
        ]);
      return {
        period,
        since,
        newUsers,
        episodesWatched,
        showsAdded,
        showsCompleted,
        follows,
        activeUsers,
      };
    },

    async content() {
      const [totalShows, totalEpisodes, byStatus, byKind, topNetworks, genres] = await Promise.all([
        repo.total('shows'),
        repo.total('episodes'),
        repo.showsBy('status'),
        repo.showsBy('kind'),
        repo.topCatalogNetworks(10),
        repo.genres(),
      ]);
      return {
        totalShows,
        totalEpisodes,
        byStatus: byStatus.map((r) => ({ status: r.key, shows: r.shows })),
        byKind: byKind.map((r) => ({ kind: r.key, shows: r.shows })),
        topNetworks,
        topGenres: genres
          .sort((a, b) => b.shows - a.shows || a.genre.localeCompare(b.genre))
          .slice(0, 10)
          .map((g) => ({ name: g.genre, shows: g.shows })),
      };
    },

    async engagement() {
      const [users, active7, active30, follows, episodes, items, favorites] = await Promise.all([
        repo.total('users'),
        repo.activeUsersSince(periodStart('week')),
        repo.activeUsersSince(periodStart('month')),
        repo.total('follows'),
        repo.episodesWatchedSince(null),
        repo.total('watchlist_items'),
        repo.total('favorites'),
      ]);
      return {
        totalUsers: users,
        activeUsers7d: active7,
        activeUsers30d: active30,
        averageWatchlistSize: users ? round1(items / users) : 0,
        totalFollows: follows,
        totalEpisodesWatched: episodes,
        totalWatchlistItems: items,
        totalFavorites: favorites,
      };
    },

    async genres() {
      const data = await repo.genres();
      return {
        data: data.sort(
          (a, b) => b.members - a.members || b.shows - a.shows || a.genre.localeCompare(b.genre),
        ),
      };
    },

    async show(showId: number) {
      if (!(await repo.showExists(showId))) throw notFound(trackingMessages.showNotFound);
      const [m, episodes] = await Promise.all([
        repo.showMembers(showId),
        repo.episodesWatchedSince(null, showId),
      ]);
      const dist = Array<number>(10).fill(0);
      let sum = 0;
      let scored = 0;
      for (const s of m.scores) {
        if (s.score >= 1 && s.score <= 10) dist[s.score - 1]! += s.count;
        sum += s.score * s.count;
        scored += s.count;
      }
      const st = (k: string) => m.byStatus.get(k) ?? 0;
      return {
        showId,
        members: [...m.byStatus.values()].reduce((a, b) => a + b, 0),
        byStatus: {
          watching: st('watching'),
          completed: st('completed'),
          planToWatch: st('want_to_watch'),
          onHold: st('paused'),
          dropped: st('dropped'),
        },
        favorites: m.favorites,
        averageScore: scored ? round1(sum / scored) : null,
        scoreDistribution: dist,
        episodesWatched: episodes,
      };
    },

    async showTrends(showId: number, period: StatsPeriod) {
      if (!(await repo.showExists(showId))) throw notFound(trackingMessages.showNotFound);
      const granularity = period === 'week' || period === 'month' ? 'day' : 'month';
      const width = granularity === 'day' ? 10 : 7;
      const since = periodStart(period);
      const [watched, added] = await Promise.all([
        repo.buckets('episode_plays', width, since, showId),
        repo.buckets('watchlist_items', width, since, showId),
      ]);
      const keys = since
        ? bucketKeys(since, width)
        : [...new Set([...watched.keys(), ...added.keys()])].sort();
      return {
        showId,
        period,
        granularity,
        data: keys.map((bucket) => ({
          bucket,
          episodesWatched: watched.get(bucket) ?? 0,
          added: added.get(bucket) ?? 0,
        })),
      } as const;
    },

    /** Community activity over a timeframe: the last day by hour, week and month by day, year by month. */
    async time(timeframe: 'day' | 'week' | 'month' | 'year') {
      const width = timeframe === 'day' ? 13 : timeframe === 'year' ? 7 : 10;
      const granularity = width === 13 ? 'hour' : width === 10 ? 'day' : 'month';
      const since = new Date(
        Date.now() - { day: 1, week: 7, month: 30, year: 365 }[timeframe] * DAY,
      ).toISOString();
      const [watched, users, added] = await Promise.all([
        repo.buckets('episode_plays', width, since),
        repo.buckets('users', width, since),
        repo.buckets('watchlist_items', width, since),
      ]);
      return {
        timeframe,
        granularity,
        data: bucketKeys(since, width).map((bucket) => ({
          bucket,
          episodesWatched: watched.get(bucket) ?? 0,
          newUsers: users.get(bucket) ?? 0,
          added: added.get(bucket) ?? 0,
        })),
      } as const;
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
