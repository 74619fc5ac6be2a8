import { z } from 'zod';
import { authLimits } from './constants';
import { authResponseSchema } from './auth';

/*
 * First run, two-factor sign-in (authenticator apps, backup codes, passkeys) and recent
 * sign-in (issue 28, ADR 173): shapes, limits and the messages people see.
 */

export const securityLimits = {
  /** Authenticator codes: 6 digits, a new one every 30 s; one step either side is accepted. */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpWindow: 1,
  /** Backup codes shown once on enrolment (and on regenerating): each works once. */
  backupCodeCount: 10,
  /** A sign-in waiting for its second factor (or a passkey ceremony) lasts this long. */
  challengeMinutes: 5,
  /** Wrong second-factor codes per account per window, then 429 (platform/attempts.ts). */
  secondFactorFailuresMax: 5,
  secondFactorWindowMinutes: 15,
  /** Turning 2FA off, API tokens, e-mail/password, deleting: proof of identity this recent. */
  recentSignInMinutes: 15,
  passkeyNameMax: 50,
  passkeysMax: 10,
} as const;

/** Codes beside the shared ones (common.ts). */
export const securityErrorCodes = {
  /** The action needs a recent sign-in: POST /auth/reauthenticate, then retry (403). */
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  /** The second-factor step's token is unknown, used or expired: sign in again (400). */
  challengeInvalid: 'CHALLENGE_INVALID',
  /** A wrong authenticator or backup code (400, on the `code` field). */
  codeInvalid: 'CODE_INVALID',
  /** A passkey the server could not verify (400). */
  passkeyInvalid: 'PASSKEY_INVALID',
} as const;

export const securityMessages = {
  firstRunNotice:
    "No one has an account here yet: the first account is created at once, without an e-mail round trip, and becomes this site's administrator.",
  firstRunWelcome: "Your account is ready, and you are this site's administrator.",
  /** Shown under "Check your e-mail" when the server has no SMTP_URL (same text for any address). */
  noSmtpNotice:
    'This server sends no e-mail (SMTP_URL is not set): the message went to the server log and, as an .eml file, to the outbox folder (MAIL_OUTBOX_DIR, data/outbox by default). The operator can also print the link with: npm run admin -- registration-link <address>',
  codeRequired: 'Enter the code from your authenticator app or a backup code',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  totpCodeInvalid: 'That code is not right. Check the time on your phone and try again.',
  challengeInvalid: 'This sign-in took too long or was already finished. Sign in again.',
  tooManyCodes: `Too many wrong codes for this account. Try again in ${securityLimits.secondFactorWindowMinutes} minutes.`,
  reauthenticationRequired: 'Confirm it’s you: enter your password to continue.',
  reauthenticated: 'Thanks: you can go on for 15 minutes.',
  proofRequired: 'Enter your password or a code',
  totpAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to use another app.',
  totpNotStarted: 'Start setting up the authenticator app again.',
  totpOff: 'Two-factor sign-in is off.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  passkeyNameRequired: 'Give the passkey a name',
  passkeyNameTooLong: `The name must be ${securityLimits.passkeyNameMax} characters or less`,
  passkeyInvalid: 'The passkey could not be checked. Try again.',
  passkeyUnknown: 'This passkey is not registered here. Sign in with your password.',
  passkeyNotFound: 'Passkey not found',
  tooManyPasskeys: `You can register up to ${securityLimits.passkeysMax} passkeys.`,
  passkeyExists: 'This passkey is already registered.',
} as const;

/** GET /auth/setup: only whether the site has no account yet, nothing else. */
export const setupResponseSchema = z.object({ firstRun: z.boolean() });
export type SetupResponse = z.infer<typeof setupResponseSchema>;

export const secondFactorMethods = ['totp', 'backup', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** POST /auth/login with 2FA on: no session yet, a challenge for POST /auth/2fa instead. */
export const secondFactorRequiredSchema = z.object({
  secondFactor: z.object({
    challengeToken: z.string(),
    methods: z.array(z.enum(secondFactorMethods)),
    expiresAt: z.string(),
  }),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const loginResponseSchema = z.union([authResponseSchema, secondFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const challengeTokenSchema = z
  .string({ error: securityMessages.challengeInvalid })
  .min(1, securityMessages.challengeInvalid)
  .max(200, securityMessages.challengeInvalid);

/** A TOTP code (6 digits, spaces allowed) or a backup code (xxxx-xxxx, dash optional). */
export const codeSchema = z
  .string({ error: securityMessages.codeRequired })
  .trim()
  .min(1, securityMessages.codeRequired)
  .max(20, securityMessages.codeInvalid);

export const secondFactorBodySchema = z.object({
  challengeToken: challengeTokenSchema,
  code: codeSchema,
});

/** A WebAuthn answer from the browser (@simplewebauthn/browser), checked by the server library. */
export const webAuthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

export const passkeyChallengeBodySchema = z.object({ challengeToken: challengeTokenSchema });
export const passkeyAnswerBodySchema = z.object({
  challengeToken: challengeTokenSchema,
  response: webAuthnResponseSchema,
});
export const passkeyRegisterBodySchema = passkeyAnswerBodySchema.extend({
  name: z
    .string({ error: securityMessages.passkeyNameRequired })
    .trim()
    .min(1, securityMessages.passkeyNameRequired)
    .max(securityLimits.passkeyNameMax, securityMessages.passkeyNameTooLong),
});

/** WebAuthn options for the browser, with the token that finds the challenge again. */
export const passkeyOptionsResponseSchema = z.object({
  challengeToken: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /auth/security: the member's second factors and whether the session is recent. */
export const securityStatusSchema = z.object({
  totp: z.boolean(),
  backupCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** Until when sensitive actions go without "Confirm it's you", or null. */
  recentUntil: z.string().nullable(),
  /**
   * false for an account made through single sign-on that never set a password: "Confirm it's
   * you" then offers the provider (and codes), and deleting the account asks no password.
   */
  hasPassword: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth:// URI (what the QR code holds). */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmBodySchema = z.object({ code: codeSchema });
export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesResponseSchema>;

/** POST /auth/reauthenticate: the password, or (with 2FA on) an authenticator/backup code. */
export const reauthenticateBodySchema = z
  .object({
    password: z.string().max(authLimits.passwordMax).optional(),
    code: z.string().trim().max(20).optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: securityMessages.proofRequired,
    path: ['password'],
  });
export const reauthenticateResponseSchema = z.object({ recentUntil: z.string() });
