import { z } from 'zod';

/** Personal API tokens and media-server scrobbling (issue 22, ADR 161). */
export const tokenScopes = ['read', 'write:tracking'] as const;
export type TokenScope = (typeof tokenScopes)[number];
export const mediaServers = ['jellyfin', 'plex', 'emby', 'kodi'] as const;
export type MediaServer = (typeof mediaServers)[number];

export const apiTokenLimits = { nameMax: 60, perMember: 20, requestsPerMinute: 120 } as const;
/** Every API token starts with this, so a leaked one is easy to recognise and search for. */
export const apiTokenPrefix = 'st_';
/** Playback at or past this share of the runtime counts as watched. */
export const scrobbleThreshold = 0.9;
/** Events kept per member for the settings page. */
export const scrobbleEventsKept = 50;

export const integrationMessages = {
  nameRequired: 'Give the token a name',
  nameTooLong: `Token name must be at most ${apiTokenLimits.nameMax} characters`,
  scopesRequired: 'Choose at least one permission',
  tooManyTokens: `You can have at most ${apiTokenLimits.perMember} API tokens; revoke one first`,
  tokenNotFound: 'API token not found',
  /** A token asked for something its scopes do not allow. */
  scopeRead: 'This API token cannot read: create one with the "read" permission',
  scopeWrite:
    'This API token cannot make this change: API tokens may only mark episodes and change tracking (permission "write:tracking")',
  scopeWriteTracking:
    'This API token cannot change tracking: create one with the "write:tracking" permission',
  notForTokens:
    'API tokens cannot manage tokens, sessions, passwords, e-mail or the account: sign in on the website',
  tokenRateLimited: 'Too many requests with this API token; wait a minute and try again',
  hookNotFound: 'Unknown webhook address',
  unknownServer: 'Unknown media server: use jellyfin, plex, emby or kodi',
  payloadInvalid: 'The webhook body is not a payload this media server sends',
  plexPayloadMissing: 'Plex sends multipart/form-data with a "payload" field of JSON',
} as const;

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: integrationMessages.nameRequired })
    .trim()
    .min(1, integrationMessages.nameRequired)
    .max(apiTokenLimits.nameMax, integrationMessages.nameTooLong),
  scopes: z
    .array(z.enum(tokenScopes), { error: integrationMessages.scopesRequired })
    .min(1, integrationMessages.scopesRequired)
    .max(tokenScopes.length),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters (`st_AbC123`), enough to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** Only the create answer carries the token itself, once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ data: z.array(apiTokenSchema) });

/** `refused`: the member is suspended (ADR 151), so the webhook wrote nothing. */
export const scrobbleOutcomes = [
  'marked',
  'duplicate',
  'ignored',
  'unmatched',
  'invalid',
  'refused',
] as const;
export type ScrobbleOutcome = (typeof scrobbleOutcomes)[number];

export const scrobbleEventSchema = z.object({
  id: z.number().int(),
  source: z.enum(mediaServers),
  /** The media server's own event name (PlaybackStop, media.scrobble, …). */
  event: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(scrobbleOutcomes),
  /** Why, in a sentence a member can act on. */
  detail: z.string(),
  title: z.string().nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  show: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  episodeId: z.number().int().nullable(),
});
export type ScrobbleEvent = z.infer<typeof scrobbleEventSchema>;

export const scrobbleSettingsSchema = z.object({
  /** One path per media server, with the member's secret in it (the page adds its origin). */
  paths: z.object({
    jellyfin: z.string(),
    plex: z.string(),
    emby: z.string(),
    kodi: z.string(),
  }),
  createdAt: z.string(),
  events: z.array(scrobbleEventSchema),
});
export type ScrobbleSettings = z.infer<typeof scrobbleSettingsSchema>;

/** What a webhook call answers (media servers ignore it; useful when setting up). */
export const scrobbleResultSchema = z.object({
  outcome: z.enum(scrobbleOutcomes),
  detail: z.string(),
});
export type ScrobbleResult = z.infer<typeof scrobbleResultSchema>;
