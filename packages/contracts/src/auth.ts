import { z } from 'zod';
import { supportedLocales } from './locales';
import { roles, suspensionSchema } from './moderation';
import { authLimits, authMessages } from './constants';

// Kept here too so existing imports of './auth' keep working.
export { authLimits, authMessages, TOKEN_STORAGE_KEY } from './constants';

/** Shared by registration and profile edits (PUT /users/me): one rule for usernames. */
export const usernameSchema = z
  .string({ error: authMessages.usernameRequired })
  .trim()
  .min(1, authMessages.usernameRequired)
  .min(authLimits.usernameMin, authMessages.usernameTooShort)
  .max(authLimits.usernameMax, authMessages.usernameTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, authMessages.usernameChars);

export const emailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(authLimits.emailMax, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }));

export const passwordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(authLimits.passwordMin, authMessages.passwordTooShort)
  .max(authLimits.passwordMax, authMessages.passwordTooLong);

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  displayName: z
    .string()
    .trim()
    .max(authLimits.displayNameMax, authMessages.displayNameTooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The register form adds a confirmation that is never sent to the server. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const loginBodySchema = z.object({
  identifier: z
    .string({ error: authMessages.identifierRequired })
    .trim()
    .min(1, authMessages.identifierRequired)
    .max(authLimits.emailMax, authMessages.invalidCredentials),
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(authLimits.passwordMax, authMessages.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A user as anyone may see it: never an email, hash or salt. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own view adds their email. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  /** Moderation (ADR 151): member | moderator | admin. */
  role: z.enum(roles),
  /** The suspension in force, or null. */
  suspension: suspensionSchema.nullable(),
  /**
   * A new address waiting for its mailed link (ADR 152, "E-mail change"), or null. `email`
   * stays in force until the link is opened; the same whether the new address is free or not.
   */
  pendingEmail: z.string().nullable(),
  /**
   * The interface and mail language the member chose (issue 31); null: the browser's. Only
   * the member sees it (never on the public user). Errors follow the request's language. The
   * API always sends it; optional only until the web's test fixtures (buildUser) carry it.
   */
  locale: z.enum(supportedLocales).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: currentUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * POST /auth/register answers 202 with this whether the address is new or has an account
 * (ADR 152): nothing in it says which. `email` is the address as typed, for the screen.
 */
export const registerResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  /**
   * The server has no SMTP_URL (ADR 173): mails go to its log and outbox folder, and the
   * screen says so. A server setting, the same for every address.
   */
  mailOutbox: z.boolean().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const meResponseSchema = z.object({ user: currentUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
