import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountLimits,
  accountMessages,
  apiErrorSchema,
  changePasswordBodySchema,
  deleteMeBodySchema,
  errorCodes,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  revokedResponseSchema,
  sessionsResponseSchema,
  updateMeBodySchema,
  userResponseSchema,
  undoEmailChangeBodySchema,
  verifyEmailBodySchema,
} from '@series-tracker/contracts';
import { AppError, notFound } from '../../lib/errors';
import { attemptLimit } from '../auth/attempt-limit';
import { idParams, sessionOnly } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { Storage } from '../../platform/storage';
import type { AccountService } from './account.service';
import { errorResponses } from '../../lib/error-responses';
import { localizeFor } from '../../lib/i18n/request-locale';
import { msg } from '../../lib/i18n/text';

const errors = errorResponses(400, 401, 404, 409, 429);

/** The uploaded file's bytes, or the error a client can act on (never a 500). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(415, errorCodes.unsupportedMediaType, msg('account.avatarMultipart'));
  try {
    const file = await request.file({
      limits: { fileSize: accountLimits.avatarMaxBytes, files: 1, fields: 5, parts: 6 },
    });
    if (!file || file.fieldname !== 'file')
      throw new AppError(400, errorCodes.validation, accountMessages.avatarRequired, {
        file: accountMessages.avatarRequired,
      });
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413)
      throw new AppError(413, errorCodes.payloadTooLarge, accountMessages.avatarTooLarge, {
        file: accountMessages.avatarTooLarge,
      });
    // A cut-off or malformed multipart body.
    throw new AppError(400, errorCodes.validation, accountMessages.avatarRequired, {
      file: accountMessages.avatarRequired,
    });
  }
}

export async function accountRoutes(
  app: FastifyInstance,
  opts: { account: AccountService; rateLimit: { max: number; timeWindow: string } },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { account } = opts;
  // Per address, as on sign-in: the per-account and per-email budgets come on top (service).
  const limited = attemptLimit(opts.rateLimit);
  const api = routeTable(app, { tags: ['auth'], errors });
  const ownLimited = { ...sessionOnly, config: { ...limited, ...sessionOnly.config } };
  const attempt = { access: 'public', config: limited } as const;
  const onlyUnauthorized = errorResponses(401);
  // Multipart bodies only here (this plugin's scope): the avatar upload.
  await app.register(multipart, {
    limits: { fileSize: accountLimits.avatarMaxBytes, files: 1 },
  });

  api.put('/users/me', {
    ...sessionOnly,
    tags: ['account'],
    summary:
      'Change profile fields (display name, username, bio, private profile), or ask to change the email address (needs currentPassword; an account made through single sign-on, without one, needs a recent sign-in instead): the address changes only when the link mailed to the new one is opened, and pendingEmail shows it until then. The same answer whether or not the new address has an account. Sending the address in force calls a pending change off',
    body: updateMeBodySchema,
    response: userResponseSchema,
    run: async ({ member, body, req }) => ({
      user: await account.updateMe(member.id, body, req.auth!.session),
    }),
  });

  r.post(
    '/users/me/avatar',
    {
      config: { access: 'signed-in' },
      // The file limit answers 413 itself; this only keeps a huge body from being read at all.
      bodyLimit: accountLimits.avatarMaxBytes + 64 * 1024,
      schema: {
        tags: ['account'],
        summary:
          'Upload an avatar (multipart field "file": JPEG, PNG, WebP or GIF up to 5 MB); stored as square WebP images',
        consumes: ['multipart/form-data'],
        response: { 200: userResponseSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const file = await uploadedFile(request);
      return { user: await account.uploadAvatar(request.auth!.user.id, file) };
    },
  );

  api.delete('/users/me/avatar', {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Remove the avatar (the letter avatar shows again)',
    response: userResponseSchema,
    run: async ({ member }) => ({ user: await account.removeAvatar(member.id) }),
  });
  api.delete('/users/me', {
    ...ownLimited,
    tags: ['account'],
    summary:
      'Delete the account and everything it wrote (reviews, comments, lists, likes, follows), with the password; an account made through single sign-on (no password) needs a recent sign-in instead (403 REAUTHENTICATION_REQUIRED)',
    body: deleteMeBodySchema,
    status: 204,
    run: async ({ body, req }) => account.deleteAccount(req.auth!, body.password),
  });

  api.post('/auth/forgot-password', {
    ...attempt,
    summary:
      'Mail a one-hour password reset link if an account uses this address; the answer is the same either way',
    body: forgotPasswordBodySchema,
    response: messageResponseSchema,
    run: async ({ body, req }) => {
      await account.forgotPassword(body.email);
      return { message: localizeFor(req, accountMessages.forgotPasswordSent) };
    },
  });
  api.post('/auth/reset-password', {
    ...attempt,
    summary: 'Set a new password with a reset token; every session of the account ends',
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
    run: async ({ body, req }) => {
      await account.resetPassword(body.token, body.password);
      return { message: localizeFor(req, accountMessages.passwordReset) };
    },
  });
  api.post('/auth/undo-email-change', {
    ...attempt,
    summary:
      'Undo an e-mail change with the token mailed to the old address (7 days): the old address is restored and every session ends',
    body: undoEmailChangeBodySchema,
    response: messageResponseSchema,
    run: async ({ body, req }) => {
      await account.undoEmailChange(body.token);
      return { message: localizeFor(req, accountMessages.emailChangeUndone) };
    },
  });
  api.post('/auth/verify-email', {
    ...attempt,
    summary:
      'Confirm the email address with the token from the confirmation mail, or switch to a new address with the token mailed to it (409 when the address got taken meanwhile)',
    body: verifyEmailBodySchema,
    response: messageResponseSchema,
    run: async ({ body, req }) => {
      const done = await account.verifyEmail(body.token);
      const text =
        done === 'changed' ? accountMessages.emailChanged : accountMessages.emailVerified;
      return { message: localizeFor(req, text) };
    },
  });
  api.post('/auth/resend-verification', {
    ...sessionOnly,
    summary: 'Send a new confirmation mail to the account address (3 per hour)',
    response: messageResponseSchema,
    run: async ({ member, req }) => {
      await account.resendVerification(member.id);
      return { message: localizeFor(req, accountMessages.verificationSent) };
    },
  });
  api.post('/auth/change-password', {
    ...ownLimited,
    summary: 'Change the password; every other session ends',
    body: changePasswordBodySchema,
    response: messageResponseSchema,
    run: async ({ body, req }) => {
      await account.changePassword(req.auth!, body.currentPassword, body.newPassword);
      return { message: localizeFor(req, accountMessages.passwordChanged) };
    },
  });

  api.get('/auth/sessions', {
    ...sessionOnly,
    summary: 'Sessions of this account (browser, created, last used; current marked)',
    response: sessionsResponseSchema,
    errors: onlyUnauthorized,
    run: async ({ req }) => ({ data: await account.sessions(req.auth!) }),
  });
  api.delete('/auth/sessions/:id', {
    ...sessionOnly,
    summary: 'Sign one session of this account out',
    params: idParams,
    status: 204,
    run: async ({ params, req }) => account.revokeSession(req.auth!, params.id),
  });
  api.delete('/auth/sessions', {
    ...sessionOnly,
    summary: 'Sign out everywhere else: every session but this one ends',
    response: revokedResponseSchema,
    errors: onlyUnauthorized,
    run: async ({ req }) => ({ revoked: await account.revokeOtherSessions(req.auth!) }),
  });
}

/**
 * Uploaded files (avatars), outside /api: long-cached, since every upload gets a new name.
 * Streamed from the storage layer (a local folder or the S3 bucket, ADR 140), never read whole.
 */
export async function uploadsRoutes(
  app: FastifyInstance,
  opts: { open: Storage['open']; isKey: (key: string) => boolean },
) {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = opts.isKey(key) ? await opts.open(key) : null;
    if (!file) throw notFound(msg('errors.fileNotFound'));
    if (file.size !== null) void reply.header('Content-Length', file.size);
    return reply
      .header('Content-Type', key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body);
  });
}
