import { z } from 'zod';
import { watchStatuses } from './constants';
import { pageSchema } from './common';

/** Calendar, iCal feed, new-episode alerts and notifications (issue 22, ADR 160). */
export const calendarLimits = {
  /** Longest range one GET /calendar answers (a month view with its leading/trailing days). */
  rangeMaxDays: 62,
  /** The iCal feed: this many days back and ahead of today. */
  feedDaysBack: 30,
  feedDaysAhead: 180,
  notificationsPageDefault: 20,
  notificationsPageMax: 50,
} as const;

/** The calendar and the feed show these by default: every tracked show but dropped ones. */
export const calendarDefaultStatuses = [
  'watching',
  'want_to_watch',
  'paused',
  'completed',
] as const;
/** New-episode alerts (mail and the bell) are for shows the member is watching. */
export const alertStatuses = ['watching'] as const;

export const episodeAlertModes = ['none', 'digest', 'each'] as const;
export type EpisodeAlertMode = (typeof episodeAlertModes)[number];
export const episodeAlertModeLabels: Record<EpisodeAlertMode, string> = {
  none: 'No e-mails',
  digest: 'A daily digest of the day’s episodes',
  each: 'An e-mail for each new episode',
};

export const calendarMessages = {
  timeZoneInvalid: 'Choose a time zone from the list',
  alertModeInvalid: 'Choose one of: no e-mails, a daily digest, an e-mail for each episode',
  dateInvalid: 'Use a date like 2026-11-25',
  rangeInvalid: `Choose a range of 1 to ${calendarLimits.rangeMaxDays} days, ending after it starts`,
  statusInvalid: 'Status must be one of want_to_watch, watching, completed, paused, dropped',
  settingsSaved: 'Calendar and alert settings saved',
  feedNotFound: 'Calendar feed not found',
  feedCreated: 'Your private calendar address is ready. Anyone with it can see your calendar.',
  feedRevoked: 'The calendar address no longer works.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive new-episode e-mails.',
  notificationNotFound: 'Notification not found',
  calendarEmpty: 'Track shows to see their episodes here',
} as const;

/** An IANA time zone name the runtime knows ('Asia/Tokyo', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: calendarMessages.timeZoneInvalid })
  .refine(isTimeZone, calendarMessages.timeZoneInvalid);

const isoDate = z
  .string({ error: calendarMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, calendarMessages.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), calendarMessages.dateInvalid);

/** GET /calendar?from=&to=&status=watching,want_to_watch (dates in the member's time zone). */
export const calendarQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
  /** Comma-separated watch statuses; absent: every status. */
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v.split(',').filter(Boolean);
      for (const p of parts) {
        if (!(watchStatuses as readonly string[]).includes(p)) {
          ctx.addIssue({ code: 'custom', message: calendarMessages.statusInvalid });
          return z.NEVER;
        }
      }
      return parts as (typeof watchStatuses)[number][];
    }),
});

export const calendarEpisodeSchema = z.object({
  episodeId: z.number().int(),
  showId: z.number().int(),
  showTitle: z.string(),
  posterUrl: z.string().nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  title: z.string().nullable(),
  /** The day it airs in the member's time zone. */
  date: z.string(),
  /** Local time 'HH:mm' in the member's time zone; null for an all-day episode (time unknown). */
  time: z.string().nullable(),
  /** The instant (ISO 8601 UTC); null when only the air date is known. */
  airsAt: z.string().nullable(),
  runtimeMinutes: z.number().int().nullable(),
  watchStatus: z.enum(watchStatuses),
  watched: z.boolean(),
  /** Unwatched and protected for this member (ADR 181): the web hides the title until revealed. */
  spoiler: z.boolean().optional(),
});
export type CalendarEpisode = z.infer<typeof calendarEpisodeSchema>;

export const calendarResponseSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Shows the member tracks at all (0: the page invites them to track some). */
  trackedShows: z.number().int(),
  data: z.array(calendarEpisodeSchema),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** GET/PUT /calendar/settings. */
export const calendarSettingsSchema = z.object({
  /** Null until the member (or their browser on first visit) chose one; the calendar uses UTC. */
  timeZone: z.string().nullable(),
  episodeAlerts: z.enum(episodeAlertModes),
  feed: z.object({ active: z.boolean(), createdAt: z.string().nullable() }),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

export const updateCalendarSettingsSchema = z
  .object({
    timeZone: timeZoneSchema.optional(),
    episodeAlerts: z
      .enum(episodeAlertModes, { error: calendarMessages.alertModeInvalid })
      .optional(),
  })
  .refine((v) => v.timeZone !== undefined || v.episodeAlerts !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateCalendarSettings = z.infer<typeof updateCalendarSettingsSchema>;

/** POST /calendar/feed: the new secret address, shown once (only its hash is stored). */
export const calendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const unsubscribeBodySchema = z.object({
  token: z
    .string({ error: calendarMessages.unsubscribeInvalid })
    .min(1, calendarMessages.unsubscribeInvalid)
    .max(300, calendarMessages.unsubscribeInvalid),
});

// --- Notifications (the bell) ---
export const notificationKinds = ['episode', 'follow', 'like', 'comment', 'reply'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  createdAt: z.string(),
  read: z.boolean(),
  actor: z
    .object({
      id: z.number().int(),
      username: z.string(),
      displayName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  show: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  episode: z
    .object({
      id: z.number().int(),
      seasonNumber: z.number().int().nullable(),
      episodeNumber: z.number().int().nullable(),
      /** Null while the episode is a spoiler for the member (ADR 181). */
      title: z.string().nullable(),
      spoiler: z.boolean().optional(),
    })
    .nullable(),
  /** A like's target; a comment or reply's review is `reviewId`. */
  target: z.enum(['review', 'comment', 'episode-review']).nullable(),
  reviewId: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
