import { z } from 'zod';
import { pageSchema } from './common';
import { watchlistItemSchema } from './tracking';

/** Plays, rewatches and the diary (issue 19, ADR 130). */
export const playsMessages = {
  playNotFound: 'Play not found',
  watchedAtInvalid:
    'Watched date must be a date (2024-05-01) or an ISO 8601 date and time (2024-05-01T20:30:00Z)',
  watchedAtFuture: 'Watched date cannot be in the future',
  watchedAtTooOld: 'Watched date must be in 1900 or later',
  nothingToRewatch: 'Watch at least one episode before starting a rewatch',
} as const;

const DAY = 86_400_000;
/** Clocks disagree a little: a date-time up to five minutes ahead of ours is "now". */
const SKEW = 5 * 60_000;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant a play is stored at, or null when `input` is not a date we accept. A bare date
 * is noon UTC of that day (the same calendar day from UTC-11 to UTC+11), never later than
 * `now`; a date-time keeps its instant.
 */
export function playInstant(input: string, now = Date.now()): string | null {
  const s = input.trim();
  if (dateOnly.test(s)) {
    const d = new Date(`${s}T12:00:00.000Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return null;
    return new Date(Math.min(d.getTime(), now)).toISOString();
  }
  if (!dateTime.test(s)) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(Math.min(t, now)).toISOString();
}

/** When a play happened: a date or an ISO 8601 date-time, not in the future, 1900 or later. */
export const watchedAtSchema = z
  .string({ error: playsMessages.watchedAtInvalid })
  .max(40, playsMessages.watchedAtInvalid)
  .superRefine((v, ctx) => {
    const s = v.trim();
    if (playInstant(s) === null) {
      ctx.addIssue({ code: 'custom', message: playsMessages.watchedAtInvalid });
      return;
    }
    const now = Date.now();
    const future = dateOnly.test(s)
      ? // A member east of UTC may already be on tomorrow's date.
        Date.parse(`${s}T00:00:00Z`) > now + DAY
      : Date.parse(s) > now + SKEW;
    if (future) ctx.addIssue({ code: 'custom', message: playsMessages.watchedAtFuture });
    else if (Number(s.slice(0, 4)) < 1900)
      ctx.addIssue({ code: 'custom', message: playsMessages.watchedAtTooOld });
  });

/**
 * When an episode mark was made (POST /episodes/{id}/progress, `watchedAt`): the offline queue
 * sends the instant of the tap, so a mark synced later keeps its real date (ADR 176). Read like
 * a play's date, but a device clock running ahead is not the member's fault: an instant later
 * than the server's clock is stored as "now" (clamped), never refused, so a queued mark is
 * never lost to a clock. Unreadable, or before 1900 (a clock reset to nothing) → 400.
 */
export const markedAtSchema = z
  .string({ error: playsMessages.watchedAtInvalid })
  .max(40, playsMessages.watchedAtInvalid)
  .superRefine((v, ctx) => {
    const s = v.trim();
    if (playInstant(s) === null) {
      ctx.addIssue({ code: 'custom', message: playsMessages.watchedAtInvalid });
      return;
    }
    if (Number(s.slice(0, 4)) < 1900)
      ctx.addIssue({ code: 'custom', message: playsMessages.watchedAtTooOld });
  });

/** POST /episodes/{id}/progress: watched (default) or not, and when (default: now). */
export const episodeMarkSchema = z
  .object({ watched: z.boolean().default(true), watchedAt: markedAtSchema.optional() })
  .default({ watched: true });
export type EpisodeMark = z.infer<typeof episodeMarkSchema>;

export const playSchema = z.object({
  id: z.number().int(),
  episodeId: z.number().int(),
  showId: z.number().int(),
  watchedAt: z.string(),
  /** 'web', 'import:trakt', 'migrated' (recorded before plays existed), … */
  source: z.string(),
  /** The watch-through of the show this play belongs to (1 for the first). */
  run: z.number().int(),
  /** Not the member's first play of this episode. */
  rewatch: z.boolean(),
});
export type Play = z.infer<typeof playSchema>;

/** GET /episodes/{id}/plays: the viewer's plays of one episode, newest first. */
export const episodePlaysSchema = z.object({
  episodeId: z.number().int(),
  showId: z.number().int(),
  /** The current run of the show, and whether the episode is watched in it. */
  run: z.number().int(),
  watched: z.boolean(),
  /** Every play of the episode, all runs (the "Watched 3 times" figure). */
  playCount: z.number().int(),
  data: z.array(playSchema),
});
export type EpisodePlays = z.infer<typeof episodePlaysSchema>;

/** POST /episodes/{id}/plays, PATCH and DELETE /plays/{id}: the episode's plays and the item after. */
export const playChangeResultSchema = episodePlaysSchema.extend({
  item: watchlistItemSchema.nullable(),
});
export type PlayChangeResult = z.infer<typeof playChangeResultSchema>;

export const createPlaySchema = z.object({ watchedAt: watchedAtSchema.optional() }).default({});
export type CreatePlay = z.infer<typeof createPlaySchema>;

export const updatePlaySchema = z.object({ watchedAt: watchedAtSchema });
export type UpdatePlay = z.infer<typeof updatePlaySchema>;

/** One line of a member's diary. */
export const historyEntrySchema = playSchema.extend({
  episode: z.object({
    id: z.number().int(),
    seasonNumber: z.number().int().nullable(),
    episodeNumber: z.number().int().nullable(),
    title: z.string().nullable(),
    type: z.string(),
  }),
  show: z.object({
    id: z.number().int(),
    title: z.string(),
    coverImageUrl: z.string().nullable(),
  }),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = pageSchema(historyEntrySchema);
export type HistoryPage = z.infer<typeof historyPageSchema>;
