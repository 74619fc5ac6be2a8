import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ApiErrorBody, type Locale } from '@series-tracker/contracts';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { localize } from '../lib/i18n/localize';
import { requestLocale } from '../lib/i18n/request-locale';
import { duration, msg, type LocalText } from '../lib/i18n/text';
import { localizeIssue, type ValidationItem } from '../lib/i18n/validation';

/** Fastify's own client-error codes and what we tell the client about them. */
const fastifyClientErrors: Record<string, { status: number; code: string; message: LocalText }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: msg('errors.invalidJson'),
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: msg('errors.emptyJson'),
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: msg('errors.bodyTooLarge'),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: msg('errors.unsupportedMediaType'),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.validation,
    message: msg('errors.contentLength'),
  },
};

/** Each field's first problem (the one a form shows), in the request's language. */
function validationDetails(error: FastifyError, locale: Locale): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of (error.validation ?? []) as ValidationItem[]) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || error.validationContext || 'request';
    details[field] ??= localizeIssue(locale, issue) || localize(locale, msg('errors.invalidValue'));
  }
  return details;
}

/** @fastify/rate-limit's 429: its wait (the Retry-After it set) in the request's language. */
function rateLimitMessage(reply: FastifyReply, locale: Locale, fallback: string): string {
  const seconds = Number(reply.getHeader('retry-after'));
  if (!Number.isFinite(seconds))
    return locale === 'en' ? fallback : localize(locale, msg('errors.clientError'));
  return localize(locale, msg('errors.rateLimited', { wait: duration(seconds) }));
}

/**
 * NUL characters are never meaningful in text, and PostgreSQL refuses them in text columns
 * (which would surface as a 500). They are removed from every incoming string.
 */
function stripNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripNul(v, depth + 1));
  for (const [k, v] of Object.entries(value))
    (value as Record<string, unknown>)[k] = stripNul(v, depth + 1);
  return value;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    request.body = stripNul(request.body);
    request.query = stripNul(request.query);
    request.params = stripNul(request.params);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Words in the request's language (ADR 186); the code and status are the same in all.
    const locale = requestLocale(request);
    let status = 500;
    let body: ApiErrorBody = {
      error: localize(locale, msg('errors.internal')),
      code: errorCodes.internal,
    };

    if (error instanceof AppError) {
      status = error.statusCode;
      const details = error.detailTexts;
      body = {
        error: localize(locale, error.text),
        code: error.code,
        ...(details
          ? {
              details: Object.fromEntries(
                Object.entries(details).map(([field, text]) => [field, localize(locale, text)]),
              ),
            }
          : {}),
      };
      if (status === 401) void reply.header('WWW-Authenticate', 'Bearer');
      if (error.headers) void reply.headers(error.headers);
      // A store or service down for a moment (the S3 bucket, ADR 140): nothing was done.
      if (status === 503) {
        void reply.header('retry-after', '5');
        request.log.warn({ err: error }, 'service unavailable');
        return reply.status(status).send(body);
      }
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = validationDetails(error, locale);
      status = 400;
      body = {
        error: Object.values(details)[0] ?? localize(locale, msg('errors.invalidRequest')),
        code: errorCodes.validation,
        details,
      };
    } else if (error.code && fastifyClientErrors[error.code]) {
      const known = fastifyClientErrors[error.code]!;
      status = known.status;
      body = { error: localize(locale, known.message), code: known.code };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        error: rateLimitMessage(reply, locale, error.message),
        code: errorCodes.rateLimited,
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's and its plugins' other refusals: their English, or a plain sentence.
      status = error.statusCode;
      body = {
        error: locale === 'en' ? error.message : localize(locale, msg('errors.clientError')),
        code: error.code ?? 'BAD_REQUEST',
      };
    } else if (isDatabaseUnavailable(error)) {
      // A dropped connection or a restarting database: nothing was done, trying again is safe.
      request.log.warn(
        { err: { message: error.message, code: error.code } },
        'database unavailable',
      );
      void reply.header('retry-after', '2');
      return reply.status(503).send({
        error: localize(locale, msg('errors.databaseUnavailable')),
        code: errorCodes.unavailable,
      });
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
});
