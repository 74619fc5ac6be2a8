import { z } from 'zod';

/**
 * OAuth for apps speaking the Trakt API (issue 27, ADR 170 "OAuth for apps"): the web ↔ API
 * shapes of /activate, the consent page and Settings › Apps & devices, and the rules both
 * sides check (user codes, redirect addresses, PKCE).
 */
export const traktOAuthLimits = {
  /** Device codes live this long (Trakt: 600 s). */
  deviceCodeSeconds: 600,
  /** Authorization codes from the consent page live this long (Trakt: 10 minutes). */
  authCodeSeconds: 600,
  /** A user code is this many characters from `userCodeAlphabet`. */
  userCodeLength: 8,
  clientIdMax: 200,
  redirectUriMax: 2000,
  stateMax: 500,
} as const;

/** No 0/O, 1/I: a code read off a TV screen is typed without guessing. */
export const userCodeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Trakt's out-of-band address: the page shows the code to copy instead of redirecting. */
export const oobRedirectUri = 'urn:ietf:wg:oauth:2.0:oob';

/** What a member types, as the server compares it: upper case, without spaces or dashes. */
export const normalizeUserCode = (input: string): string =>
  input.toUpperCase().replace(/[\s-]+/g, '');

/** `ABCD EFGH` → `ABCD-EFGH`, how pages show a code (typing it with or without the dash works). */
export const formatUserCode = (code: string): string =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

/** An app's client id, shortened for a page: its first 8 and last 4 characters. */
export const shortClientId = (clientId: string): string =>
  clientId.length > 16 ? `${clientId.slice(0, 8)}…${clientId.slice(-4)}` : clientId;

export const traktOAuthMessages = {
  codeRequired: 'Enter the code your app shows',
  codeShape: `The code is ${traktOAuthLimits.userCodeLength} letters and digits, like ABCD-EFGH`,
  codeUnknown: 'No app is waiting for this code. Check it against your app, or start again there.',
  codeExpired: 'This code has expired. Ask your app for a new one and enter that.',
  codeUsed: 'This code was already used. If you did not use it, start again in your app.',
  clientIdRequired: 'The app did not say who it is (client_id is missing)',
  clientIdTooLong: `client_id must be at most ${traktOAuthLimits.clientIdMax} characters`,
  redirectInvalid: 'The app gave an address to return to that we cannot send you to (redirect_uri)',
  responseTypeInvalid: 'The app asked for something we do not support (response_type must be code)',
  challengeInvalid:
    'The app sent a PKCE code_challenge we cannot use (43–128 characters, method S256 or plain)',
  stateTooLong: `state must be at most ${traktOAuthLimits.stateMax} characters`,
  appNotFound: 'Connected app not found',
} as const;

/** Addresses we never send a browser to, whatever an app asks. */
const refusedSchemes = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'];

/**
 * Where the consent page may send the browser back: http(s) (local apps use
 * http://127.0.0.1:port), an app's own scheme (`com.example.app:/cb`) or Trakt's oob urn.
 */
export function isAllowedRedirectUri(uri: string): boolean {
  if (uri === oobRedirectUri) return true;
  if (uri.length > traktOAuthLimits.redirectUriMax || /[\s<>"]/.test(uri)) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (refusedSchemes.includes(url.protocol)) return false;
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname !== '';
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol);
}

const clientId = z
  .string({ error: traktOAuthMessages.clientIdRequired })
  .trim()
  .min(1, traktOAuthMessages.clientIdRequired)
  .max(traktOAuthLimits.clientIdMax, traktOAuthMessages.clientIdTooLong);

/** PKCE (RFC 7636): 43–128 unreserved characters. */
const pkceValue = /^[A-Za-z0-9._~-]{43,128}$/;

/** The query of GET /trakt/oauth/authorize, as the consent page passes it to the API. */
export const traktAuthorizeRequestSchema = z
  .object({
    client_id: clientId,
    redirect_uri: z
      .string({ error: traktOAuthMessages.redirectInvalid })
      .refine(isAllowedRedirectUri, traktOAuthMessages.redirectInvalid),
    response_type: z.literal('code', { error: traktOAuthMessages.responseTypeInvalid }),
    state: z.string().max(traktOAuthLimits.stateMax, traktOAuthMessages.stateTooLong).optional(),
    code_challenge: z.string().regex(pkceValue, traktOAuthMessages.challengeInvalid).optional(),
    code_challenge_method: z
      .enum(['S256', 'plain'], { error: traktOAuthMessages.challengeInvalid })
      .optional(),
  })
  .refine((q) => !q.code_challenge_method || q.code_challenge, {
    message: traktOAuthMessages.challengeInvalid,
    path: ['code_challenge'],
  });
export type TraktAuthorizeRequest = z.infer<typeof traktAuthorizeRequestSchema>;

export const traktDecisions = ['approve', 'deny'] as const;
export type TraktDecision = (typeof traktDecisions)[number];

/** Consent page → API: the member's answer to an app's authorize request. */
export const traktAuthorizeDecisionSchema = z.object({
  request: traktAuthorizeRequestSchema,
  decision: z.enum(traktDecisions),
});
export type TraktAuthorizeDecisionBody = z.infer<typeof traktAuthorizeDecisionSchema>;

/**
 * Where the browser goes next: `redirectTo` (the app's address with `code` and `state`, or
 * `error=access_denied`), or for the oob address the code to copy (null when denied).
 */
export const traktAuthorizeResultSchema = z.union([
  z.object({ redirectTo: z.string() }),
  z.object({ code: z.string().nullable() }),
]);
export type TraktAuthorizeResult = z.infer<typeof traktAuthorizeResultSchema>;

const userCode = z
  .string({ error: traktOAuthMessages.codeRequired })
  .transform(normalizeUserCode)
  .pipe(
    z
      .string()
      .min(1, traktOAuthMessages.codeRequired)
      .regex(
        new RegExp(`^[${userCodeAlphabet}]{${traktOAuthLimits.userCodeLength}}$`),
        traktOAuthMessages.codeShape,
      ),
  );

/** /activate → API: look a code up, then approve or deny it. */
export const traktDeviceLookupSchema = z.object({ userCode });
export const traktDeviceDecisionSchema = z.object({
  userCode,
  decision: z.enum(traktDecisions),
});
export type TraktDeviceDecisionBody = z.input<typeof traktDeviceDecisionSchema>;

/** The app waiting behind a user code. */
export const traktDeviceRequestSchema = z.object({
  clientId: z.string(),
  userCode: z.string(),
  expiresAt: z.string(),
});
export type TraktDeviceRequest = z.infer<typeof traktDeviceRequestSchema>;

export const traktDeviceDecisionResultSchema = z.object({
  clientId: z.string(),
  decision: z.enum(traktDecisions),
});
export type TraktDeviceDecisionResult = z.infer<typeof traktDeviceDecisionResultSchema>;

/** Settings › Apps & devices › Connected apps. */
export const connectedTraktAppSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  connectedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedTraktApp = z.infer<typeof connectedTraktAppSchema>;
export const connectedTraktAppListSchema = z.object({ data: z.array(connectedTraktAppSchema) });

export const traktOAuthErrorCodes = {
  codeExpired: 'CODE_EXPIRED',
  codeUsed: 'CODE_USED',
} as const;

/*
 * Trakt's own wire format under /trakt/oauth (what apps send). Apps ship their own client id
 * and secret; we accept any client id and cannot check a secret, so client_secret is optional.
 */
const wireString = (max = 2000) => z.string().min(1).max(max);

export const traktDeviceCodeBodySchema = z.object({
  client_id: wireString(traktOAuthLimits.clientIdMax),
});
export const traktDeviceTokenBodySchema = z.object({
  code: wireString(200),
  client_id: wireString(traktOAuthLimits.clientIdMax),
  client_secret: z.string().max(2000).optional(),
});
export const traktTokenBodySchema = z.object({
  grant_type: wireString(100),
  code: wireString(200).optional(),
  refresh_token: wireString(200).optional(),
  client_id: wireString(traktOAuthLimits.clientIdMax),
  client_secret: z.string().max(2000).optional(),
  redirect_uri: z.string().max(traktOAuthLimits.redirectUriMax).optional(),
  code_verifier: z.string().max(200).optional(),
});
export type TraktTokenBody = z.infer<typeof traktTokenBodySchema>;
export const traktRevokeBodySchema = z.object({
  token: wireString(200),
  client_id: z.string().max(traktOAuthLimits.clientIdMax).optional(),
  client_secret: z.string().max(2000).optional(),
});

/** Trakt's token answer (/oauth/token, /oauth/device/token). */
export const traktTokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  created_at: z.number().int(),
});
export const traktDeviceCodeAnswerSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_url: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
/** OAuth 2 error bodies (RFC 6749 §5.2), as Trakt sends them. */
export const traktOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});
