import { z } from 'zod';
import { supportedLocales } from './locales';
import { authLimits, authMessages } from './constants';
import { currentUserSchema, emailSchema, passwordSchema, usernameSchema } from './auth';

/** Limits of the account feature (settings, avatar, tokens). */
export const accountLimits = {
  bioMax: 500,
  /** Avatar uploads: bytes of the file, and pixels of the decoded image (decompression bombs). */
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarMaxPixels: 40_000_000,
  avatarSizes: [256, 64] as const,
  resetTokenMinutes: 60,
  verifyTokenHours: 48,
  /** How long the link to a new address works (ADR 152, "E-mail change"). */
  emailChangeHours: 24,
  /** Mails about e-mail changes one address may get per hour, whoever asks (ADR 152). */
  emailChangeMailsPerHour: 3,
  /** Changes of address one account may ask for per hour (each mails some address). */
  emailChangesPerHour: 5,
  /** How long the old address may undo an e-mail change (ADR 150). */
  emailUndoDays: 7,
  /** Wrong passwords one account accepts per window, whatever the address they come from. */
  passwordFailuresMax: 5,
  passwordFailuresWindowMinutes: 15,
} as const;

export const accountMessages = {
  bioTooLong: `Bio must be ${accountLimits.bioMax} characters or less`,
  currentPasswordRequired: 'Enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  emailUnavailable: 'That email address cannot be used',
  nothingToChange: 'Nothing to change',
  profileSaved: 'Profile saved',
  privacySaved: 'Privacy setting saved',
  emailSaved: 'Email address saved.',
  /** The switch found the new address taken meanwhile: neutral, and nothing changed. */
  emailChangeUnavailable:
    'That email address cannot be used any more. Your address was not changed.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  tokenRequired: 'The link has no token',
  tokenInvalid: 'This link is not valid. Ask for a new one.',
  tokenExpired: 'This link has expired. Ask for a new one.',
  tokenUsed: 'This link was already used. Ask for a new one.',
  forgotPasswordSent:
    'If an account uses that address, we have sent it a link to choose a new password. The link works for 1 hour.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  emailVerified: 'Your email address is confirmed.',
  /** /verify-email with a link of an e-mail change (ADR 152): the new address is in force. */
  emailChanged: 'Your email address is changed.',
  emailChangeUndone:
    'The change was undone: your account uses this address again, and every session was signed out. Sign in, and choose a new password if someone else made the change.',
  alreadyVerified: 'Your email address is already confirmed',
  verificationSent: 'We sent a new confirmation link to your email address.',
  tooManyPasswordFailures: `Too many wrong passwords for this account. Try again in ${accountLimits.passwordFailuresWindowMinutes} minutes.`,
  tooManyMails: 'Too many e-mails asked for. Please wait a while and try again.',
  avatarRequired: 'Choose an image file to upload',
  avatarType: 'Choose a JPEG, PNG, WebP or GIF image',
  avatarTooLarge: 'The image must be 5 MB or smaller',
  avatarTooManyPixels: 'The image is too large: at most 40 megapixels',
  avatarDamaged: 'The image file is damaged or incomplete',
  sessionNotFound: 'Session not found',
  accountDeleted: 'Your account has been deleted.',
  /** PUT /users/me with a language the site does not offer (issue 31). */
  localeInvalid: 'Language must be en, de, es, fr, ja or ar, or null to follow the browser',
} as const;

/** Codes the account endpoints put in `code` beside the shared ones. */
export const accountErrorCodes = {
  tokenInvalid: 'TOKEN_INVALID',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenUsed: 'TOKEN_USED',
  alreadyVerified: 'ALREADY_VERIFIED',
  invalidImage: 'INVALID_IMAGE',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * PUT /users/me: every field optional, so each settings section saves on its own. An empty
 * display name or bio clears it. Changing the email needs the current password.
 */
export const updateMeBodySchema = z.object({
  displayName: optionalText(authLimits.displayNameMax, authMessages.displayNameTooLong),
  bio: optionalText(accountLimits.bioMax, accountMessages.bioTooLong),
  username: usernameSchema.optional(),
  /** Private profile: others see only the name and avatar (people feature; users.is_public). */
  isPrivate: z.boolean().optional(),
  email: emailSchema.optional(),
  currentPassword: z.string().max(authLimits.passwordMax).optional(),
  /** The member's language (issue 31); null goes back to the browser's. */
  locale: z.enum(supportedLocales, { error: accountMessages.localeInvalid }).nullable().optional(),
});
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;
export type UpdateMeInput = z.output<typeof updateMeBodySchema>;

export const userResponseSchema = z.object({ user: currentUserSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

const tokenSchema = z
  .string({ error: accountMessages.tokenRequired })
  .trim()
  .min(1, accountMessages.tokenRequired)
  .max(200, accountMessages.tokenInvalid);

export const resetPasswordBodySchema = z.object({ token: tokenSchema, password: passwordSchema });

/** The reset form adds a confirmation that is never sent (the register form's rules). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const verifyEmailBodySchema = z.object({ token: tokenSchema });
/** POST /auth/finish-registration: the token from the mail sent on registering (ADR 152). */
export const finishRegistrationBodySchema = z.object({ token: tokenSchema });
/** POST /auth/undo-email-change: the token from the mail to the old address. */
export const undoEmailChangeBodySchema = z.object({ token: tokenSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(authLimits.passwordMax, accountMessages.currentPasswordIncorrect),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const deleteMeBodySchema = z.object({
  /**
   * Required when the account has a password; an account made through single sign-on (no
   * password) confirms with a recent sign-in instead (ADR 174: "Sign in again with …").
   */
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(authLimits.passwordMax, accountMessages.passwordIncorrect)
    .optional(),
});

/** A plain confirmation; the message is what the screen shows. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const sessionSchema = z.object({
  id: z.number().int(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ data: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const revokedResponseSchema = z.object({ revoked: z.number().int() });
