import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ApiErrorBody } from '@series-tracker/contracts';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/db-errors';

/** Fastify's own client-error codes and what we tell the client about them. */
const fastifyClientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: 'The request body is empty but its content type says JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: 'Unsupported content type; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.validation,
    message: 'The Content-Length header does not match the body',
  },
};

function validationDetails(error: FastifyError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || error.validationContext || 'request';
    // The first message per field is the one a form shows.
    details[field] ??= issue.message ?? 'Invalid value';
  }
  return details;
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
    let status = 500;
    let body: ApiErrorBody = {
      error: 'Something went wrong on our side',
      code: errorCodes.internal,
    };

    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
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
      const details = validationDetails(error);
      status = 400;
      body = {
        error: Object.values(details)[0] ?? 'The request is not valid',
        code: errorCodes.validation,
        details,
      };
    } else if (error.code && fastifyClientErrors[error.code]) {
      const known = fastifyClientErrors[error.code]!;
      status = known.status;
      body = { error: known.message, code: known.code };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: error.message, code: errorCodes.rateLimited };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: error.message, code: error.code ?? 'BAD_REQUEST' };
    } else if (isDatabaseUnavailable(error)) {
      // A dropped connection or a restarting database: nothing was done, trying again is safe.
      request.log.warn(
        { err: { message: error.message, code: error.code } },
        'database unavailable',
      );
      void reply.header('retry-after', '2');
      return reply.status(503).send({
        error: 'The database is not reachable right now. Please try again in a moment.',
        code: errorCodes.unavailable,
      });
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
});
