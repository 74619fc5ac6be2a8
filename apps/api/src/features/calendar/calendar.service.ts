import { createHash, randomBytes } from 'node:crypto';
import {
  calendarDefaultStatuses,
  calendarLimits,
  calendarMessages,
  episodeAlertModes,
  errorCodes,
  type CalendarEpisode,
  type CalendarFeed,
  type CalendarResponse,
  type CalendarSettings,
  type EpisodeAlertMode,
  type UpdateCalendarSettings,
  type WatchStatus,
} from '@series-tracker/contracts';
import { AppError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { airingIn, daysBetween, shiftDate, todayIn } from './air-time';
import type { CalendarEpisodeRow, CalendarRepository } from './calendar.repository';
import { writeCalendar, type IcalEvent } from './ical';
import type { SpoilersService } from '../spoilers/spoilers.service';
import type { EventBus } from '../../platform/events';

/** A member's local day can be up to ~26 hours from the network's: widen SQL ranges by this. */
const ZONE_REACH_DAYS = 2;
const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const episodeCode = (s: number | null, n: number | null): string | null =>
  s !== null && n !== null ? `S${String(s).padStart(2, '0')}E${String(n).padStart(2, '0')}` : null;

/**
 * An event's title: "Show S02E05 · Title", or, while the episode is a spoiler for the feed's
 * owner (ADR 181), only "Show — S2E5" (no title: calendar apps show it to anyone nearby).
 */
export function feedSummary(ep: CalendarEpisode): string {
  if (ep.spoiler) {
    const short =
      ep.seasonNumber !== null && ep.episodeNumber !== null
        ? `S${ep.seasonNumber}E${ep.episodeNumber}`
        : null;
    return short ? `${ep.showTitle} — ${short}` : ep.showTitle;
  }
  const code = episodeCode(ep.seasonNumber, ep.episodeNumber);
  const summary = [ep.showTitle, code].filter(Boolean).join(' ');
  return ep.title ? `${summary} · ${ep.title}` : summary;
}

function toCalendarEpisode(row: CalendarEpisodeRow, zone: string): CalendarEpisode | null {
  const airing = airingIn(row, zone);
  if (!airing) return null;
  return {
    episodeId: row.episode_id,
    showId: row.show_id,
    showTitle: row.show_title,
    posterUrl: row.poster_thumb_url ?? row.poster_url,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
    title: row.title,
    date: airing.date,
    time: airing.time,
    airsAt: airing.instant,
    runtimeMinutes: row.runtime_minutes ?? row.show_runtime,
    watchStatus: row.status as WatchStatus,
    watched: Boolean(row.watched),
  };
}

export interface CalendarServiceOptions {
  repo: CalendarRepository;
  publicUrl: string;
  now?: () => Date;
  /** Spoiler protection (ADR 181): the calendar flags, the feed hides on the server. */
  spoilers?: Pick<SpoilersService, 'checker'>;
  /** Tells the response cache that the member's statistics count days on another clock. */
  events?: Pick<EventBus, 'emit'>;
}

/** The calendar (ADR 160): a member's episodes on their own days, settings, the iCal feed. */
export function createCalendarService({
  repo,
  publicUrl,
  now = () => new Date(),
  spoilers,
  events,
}: CalendarServiceOptions) {
  const base = publicUrl.replace(/\/$/, '');
  const zoneOf = (tz: string | null | undefined) => tz ?? 'UTC';

  async function episodesIn(
    userId: number,
    zone: string,
    from: string,
    to: string,
    statuses: readonly WatchStatus[],
    withWatched: boolean,
    sorted = true,
  ): Promise<CalendarEpisode[]> {
    const rows = await repo.episodes(
      userId,
      statuses,
      shiftDate(from, -ZONE_REACH_DAYS),
      shiftDate(to, ZONE_REACH_DAYS),
      withWatched,
    );
    const spoiler = spoilers
      ? await spoilers.checker(
          userId,
          rows.map((r) => r.show_id),
        )
      : () => false;
    const out: CalendarEpisode[] = [];
    for (const row of rows) {
      const ep = toCalendarEpisode(row, zone);
      if (!ep || ep.date < from || ep.date > to) continue;
      ep.spoiler = spoiler({ ...ep, id: ep.episodeId });
      out.push(ep);
    }
    // Day, then time (all-day first), then show: the order both views read in. (A feed's
    // order means nothing to calendar apps.)
    if (!sorted) return out;
    const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    return out.sort(
      (a, b) =>
        cmp(a.date, b.date) ||
        cmp(a.time ?? '', b.time ?? '') ||
        a.showTitle.localeCompare(b.showTitle) ||
        (a.seasonNumber ?? 0) - (b.seasonNumber ?? 0) ||
        (a.episodeNumber ?? 0) - (b.episodeNumber ?? 0),
    );
  }

  return {
    async calendar(
      userId: number,
      query: { from: string; to: string; status?: WatchStatus[] | undefined },
    ): Promise<CalendarResponse> {
      const days = daysBetween(query.from, query.to);
      if (days < 0 || days + 1 > calendarLimits.rangeMaxDays)
        throw new AppError(400, errorCodes.validation, calendarMessages.rangeInvalid, {
          to: calendarMessages.rangeInvalid,
        });
      const prefs = await repo.prefs(userId);
      const zone = zoneOf(prefs?.time_zone);
      const statuses = query.status?.length ? query.status : calendarDefaultStatuses;
      const [data, trackedShows] = await Promise.all([
        episodesIn(userId, zone, query.from, query.to, statuses, true),
        repo.trackedShows(userId),
      ]);
      return { timeZone: zone, from: query.from, to: query.to, trackedShows, data };
    },

    async settings(userId: number): Promise<CalendarSettings> {
      const prefs = await repo.prefs(userId);
      return {
        timeZone: prefs?.time_zone ?? null,
        episodeAlerts: (prefs?.episode_alerts as EpisodeAlertMode | undefined) ?? 'none',
        feed: {
          active: Boolean(prefs?.feed_secret_hash),
          createdAt: prefs?.feed_secret_hash ? (prefs.feed_created_at ?? null) : null,
        },
      };
    },

    async updateSettings(userId: number, input: UpdateCalendarSettings): Promise<CalendarSettings> {
      const at = nowIso();
      const prefs = await repo.prefs(userId);
      const patch: Parameters<CalendarRepository['savePrefs']>[1] = {};
      if (input.timeZone !== undefined) patch.time_zone = input.timeZone;
      if (input.episodeAlerts !== undefined) {
        const before = prefs?.episode_alerts ?? 'none';
        patch.episode_alerts = input.episodeAlerts;
        // Switching alerts on never mails about episodes that aired before.
        if (before === 'none' && input.episodeAlerts !== 'none') patch.alerts_from = at;
        if (!prefs?.unsubscribe_token)
          patch.unsubscribe_token = randomBytes(24).toString('base64url');
      }
      await repo.savePrefs(userId, patch, at);
      if (input.timeZone !== undefined)
        await events?.emit('preferences.changed', { userId, what: 'calendar' });
      return this.settings(userId);
    },

    /** A new secret address (the old one stops working); only its hash is stored. */
    async createFeed(userId: number): Promise<CalendarFeed> {
      const secret = randomBytes(32).toString('base64url');
      const createdAt = nowIso();
      await repo.savePrefs(
        userId,
        { feed_secret_hash: hashToken(secret), feed_created_at: createdAt },
        createdAt,
      );
      return { url: `${base}/api/calendar/${secret}.ics`, createdAt };
    },

    async revokeFeed(userId: number): Promise<void> {
      await repo.savePrefs(userId, { feed_secret_hash: null, feed_created_at: null }, nowIso());
    },

    /** The iCal text behind a secret address; 404 for any address that is not live. */
    async feed(file: string): Promise<string> {
      const m = FEED_FILE.exec(file);
      const owner = m ? await repo.byFeedHash(hashToken(m[1]!)) : undefined;
      if (!owner) throw notFound(calendarMessages.feedNotFound);
      const zone = zoneOf(owner.time_zone);
      const today = todayIn(zone, now());
      const episodes = await episodesIn(
        owner.user_id,
        zone,
        shiftDate(today, -calendarLimits.feedDaysBack),
        shiftDate(today, calendarLimits.feedDaysAhead),
        calendarDefaultStatuses,
        false,
        false,
      );
      const host = new URL(base).host;
      const stamp = nowIso();
      const events: IcalEvent[] = episodes.map((ep) => {
        return {
          uid: `episode-${ep.episodeId}@${host}`,
          summary: feedSummary(ep),
          url: `${base}/episode/${ep.episodeId}`,
          stamp,
          ...(ep.airsAt
            ? { start: ep.airsAt, durationMinutes: ep.runtimeMinutes ?? 30 }
            : { date: ep.date }),
        };
      });
      return writeCalendar({ name: `Series Tracker: ${owner.username}`, events });
    },

    /** One-click unsubscribe (no sign-in): alerts off for the token's member. */
    async unsubscribe(token: string): Promise<void> {
      const done = await repo.unsubscribe(token, nowIso());
      if (!done) throw new AppError(400, 'TOKEN_INVALID', calendarMessages.unsubscribeInvalid);
    },

    modes: episodeAlertModes,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
