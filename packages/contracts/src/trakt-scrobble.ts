import { z } from 'zod';
import { traktEpisodeSchema, traktShowSchema } from './trakt-shapes';

/**
 * The Trakt API v2-compatible scrobble, checkin and playback calls (issue 27, ADR 170 and
 * ADR 172): request bodies as Trakt apps send them, answers as Trakt sends them. Objects are
 * loose: apps send keys we do not read (sharing, message, venue_*), and answers keep Trakt's
 * full shape.
 */

/** Scrobbling at or past this progress (%) records a play, as on Trakt. */
export const traktScrobbleWatchedAt = 80;
/** A stop below this progress (%) is refused with 422, as on Trakt. */
export const traktScrobbleMinStop = 1;
/** A checkin lasts the episode's runtime; this long when the catalogue knows none (minutes). */
export const traktCheckinDefaultMinutes = 30;

export const traktMessages = {
  nothingToScrobble: 'Nothing in the catalogue matches this item (movies are not tracked here)',
  progressTooLow: 'A stop below 1% progress is ignored',
  alreadyScrobbled: 'This episode was just scrobbled; it can be scrobbled again after expires_at',
  checkinRunning: 'A checkin is already in progress; it ends at expires_at',
  playbackNotFound: 'No such playback progress',
  showNotFound: 'No show matches this id',
  seasonNotFound: 'This show has no such season',
  episodeNotFound: 'This show has no such episode',
  userNotFound: 'No member with this username',
} as const;

const idLike = z.union([z.number(), z.string().max(200)]).nullish();
export const traktIdsInputSchema = z.looseObject({
  trakt: idLike,
  slug: z.string().max(200).nullish(),
  tvdb: idLike,
  imdb: z.string().max(40).nullish(),
  tmdb: idLike,
  tvrage: idLike,
});

export const traktItemInputSchema = z.looseObject({
  show: z
    .looseObject({
      title: z.string().max(500).nullish(),
      year: z.number().int().nullish(),
      ids: traktIdsInputSchema.nullish(),
    })
    .nullish(),
  episode: z
    .looseObject({
      season: z.number().int().min(0).max(100_000).nullish(),
      number: z.number().int().min(0).max(100_000).nullish(),
      title: z.string().max(500).nullish(),
      ids: traktIdsInputSchema.nullish(),
    })
    .nullish(),
  movie: z.unknown().optional(),
  app_version: z.string().max(100).nullish(),
  app_date: z.string().max(100).nullish(),
});

export const traktScrobbleBodySchema = traktItemInputSchema.extend({
  progress: z.number().min(0).max(100),
});
export type TraktScrobbleBody = z.infer<typeof traktScrobbleBodySchema>;
export type TraktItemInput = z.infer<typeof traktItemInputSchema>;

const sharingSchema = z.object({
  twitter: z.boolean(),
  mastodon: z.boolean(),
  tumblr: z.boolean(),
});

export const traktScrobbleAnswerSchema = z.object({
  id: z.number().int(),
  action: z.enum(['start', 'pause', 'scrobble']),
  progress: z.number(),
  sharing: sharingSchema,
  episode: traktEpisodeSchema,
  show: traktShowSchema,
});
export type TraktScrobbleAnswer = z.infer<typeof traktScrobbleAnswerSchema>;

/** 409 to a duplicate stop: when it was scrobbled and when it may be again (Trakt's body). */
export const traktScrobbleConflictSchema = z.object({
  watched_at: z.string(),
  expires_at: z.string(),
  error: z.string(),
  code: z.string(),
});

export const traktCheckinBodySchema = traktItemInputSchema.extend({
  sharing: z.unknown().optional(),
  message: z.string().max(1000).nullish(),
});

export const traktCheckinAnswerSchema = z.object({
  id: z.number().int(),
  watched_at: z.string(),
  sharing: sharingSchema,
  episode: traktEpisodeSchema,
  show: traktShowSchema,
});
export type TraktCheckinAnswer = z.infer<typeof traktCheckinAnswerSchema>;

/** 409 to a second checkin: when the running one ends (Trakt's body). */
export const traktCheckinConflictSchema = z.object({
  expires_at: z.string(),
  error: z.string(),
  code: z.string(),
});

export const traktPlaybackSchema = z.object({
  progress: z.number(),
  paused_at: z.string(),
  id: z.number().int(),
  type: z.literal('episode'),
  episode: traktEpisodeSchema,
  show: traktShowSchema,
});
export type TraktPlayback = z.infer<typeof traktPlaybackSchema>;

export const traktPlaybackQuerySchema = z.object({
  start_at: z.iso.datetime({ offset: true }).optional(),
  end_at: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
