import { z } from 'zod';

/**
 * Single sign-on with an OpenID Provider (ADR 174): how the web learns what is on offer,
 * the one-time code it exchanges for a session, linked identities, and every message.
 */

export const ssoErrorCodes = {
  /** PASSWORD_SIGN_IN=off: password sign-in, registration and reset are refused. */
  passwordSignInOff: 'PASSWORD_SIGN_IN_OFF',
  /** No provider configured (OIDC_ISSUER unset). */
  notConfigured: 'SSO_NOT_CONFIGURED',
  /** The provider could not be reached, or its discovery document is wrong. */
  providerUnavailable: 'SSO_PROVIDER_UNAVAILABLE',
  /** state unknown/used/expired, another browser, nonce or PKCE or ID token refused. */
  callbackInvalid: 'SSO_CALLBACK_INVALID',
  /** The member cancelled (or the provider refused) at the provider. */
  cancelled: 'SSO_CANCELLED',
  /** OIDC_AUTO_REGISTER=off and nobody linked this identity. */
  notLinked: 'SSO_NOT_LINKED',
  /** The provider's verified e-mail belongs to an existing account (never linked silently). */
  emailInUse: 'SSO_EMAIL_IN_USE',
  /** A new account needs a verified e-mail address the provider did not give. */
  emailMissing: 'SSO_EMAIL_MISSING',
  /** The identity is linked to another account. */
  linkedElsewhere: 'SSO_LINKED_ELSEWHERE',
  /** Unlinking would leave the account without a way in. */
  lastWayIn: 'SSO_LAST_WAY_IN',
  /** The one-time sign-in code is unknown, used, expired or from another browser. */
  codeInvalid: 'SSO_CODE_INVALID',
} as const;

/** The user-visible messages; `{provider}` is replaced with the provider's name. */
export const ssoMessages = {
  passwordSignInOff:
    'Signing in with a password is turned off on this site. Use the single sign-on button instead.',
  notConfigured: 'Single sign-on is not set up on this site.',
  providerUnavailable:
    '{provider} could not be reached, so signing in with it does not work right now. Please try again later, or tell the site administrator if it keeps happening.',
  callbackInvalid:
    'This sign-in could not be completed: the answer from {provider} was not valid, already used, expired or started in another browser. Nothing was changed. Please start again.',
  cancelled: 'Signing in with {provider} was cancelled. Nothing was changed.',
  notLinked:
    'No account here is linked to your {provider} account, and this site does not create accounts on first sign-in. Sign in another way and link {provider} from Settings, or ask the site administrator.',
  emailInUse:
    'An account here already uses the e-mail address of your {provider} account. Sign in to that account and link {provider} from Settings › Single sign-on; accounts are never linked automatically.',
  emailMissing:
    'Your {provider} account did not share a verified e-mail address, which a new account here needs. Verify your address at {provider}, or register here and link {provider} from Settings.',
  linkedElsewhere:
    'This {provider} account is already linked to another account here. Unlink it there first.',
  lastWayIn:
    'This is your only way to sign in. Set a password first (Forgot your password? mails you a link), then unlink.',
  codeInvalid:
    'This sign-in link is no longer valid (it works once, for a minute, in the browser that started it). Please sign in again.',
  linked: '{provider} is now linked to your account.',
  unlinked: '{provider} is no longer linked to your account.',
  signInWith: 'Sign in with {provider}',
} as const;

/** A message with the provider's name in it. */
export function ssoMessage(message: string, provider: string): string {
  return message.replaceAll('{provider}', provider);
}

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
