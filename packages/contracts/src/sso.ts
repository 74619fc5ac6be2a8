import { z } from 'zod';
import { ssoMessages } from './constants';

/**
 * Single sign-on with an OpenID Provider (ADR 174): how the web learns what is on offer,
 * the one-time code it exchanges for a session, linked identities, and every message.
 */

// Kept in constants.ts (the web's first load has no zod); re-exported here.
export { ssoErrorCodes, ssoMessage, ssoMessages } from './constants';

/** GET /api/auth/providers: what the sign-in page offers. */
export const authProvidersSchema = z.object({
  /** The OpenID Provider, when OIDC_ISSUER is set. */
  oidc: z.object({ name: z.string(), startUrl: z.string() }).nullable(),
  /** false with PASSWORD_SIGN_IN=off: no password form, no registration. */
  passwordSignIn: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** POST /api/auth/oidc/exchange: the one-time code the callback redirect carried. */
export const ssoExchangeBodySchema = z.object({
  code: z.string().trim().min(1).max(200),
});
export type SsoExchangeBody = z.infer<typeof ssoExchangeBodySchema>;

export const identityLinkSchema = z.object({
  id: z.number().int(),
  /** The provider's e-mail for this identity when it was linked (may be null). */
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type IdentityLink = z.infer<typeof identityLinkSchema>;

/** GET /api/auth/oidc/links: the signed-in member's linked identities. */
export const identityLinksSchema = z.object({
  provider: z.string(),
  links: z.array(identityLinkSchema),
  /** Whether a link may go: a password (while password sign-in is on) or another link stays. */
  canUnlink: z.boolean(),
});
export type IdentityLinks = z.infer<typeof identityLinksSchema>;

/** POST /api/auth/oidc/link: where the browser goes to link (the intent is bound to it). */
export const ssoLinkStartSchema = z.object({ url: z.string() });
export type SsoLinkStart = z.infer<typeof ssoLinkStartSchema>;

/**
 * POST /api/auth/oidc/reauthenticate: "Sign in again with <provider>" from the "Confirm it's
 * you" dialog. `returnTo` is the page (a path of this site) to come back to, recent.
 */
export const ssoReauthBodySchema = z.object({
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, ssoMessages.returnToInvalid)
    .default('/settings'),
});
export type SsoReauthBody = z.infer<typeof ssoReauthBodySchema>;
