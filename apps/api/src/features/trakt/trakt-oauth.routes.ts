import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  traktDeviceCodeAnswerSchema,
  traktDeviceCodeBodySchema,
  traktDeviceTokenBodySchema,
  traktOAuthErrorSchema,
  traktRevokeBodySchema,
  traktTokenAnswerSchema,
  traktTokenBodySchema,
} from '@series-tracker/contracts';
import type { TraktOAuthService } from './trakt-oauth.service';
import { TraktOAuthError } from './trakt-oauth.service';

const oauthErrors = {
  400: traktOAuthErrorSchema,
  401: traktOAuthErrorSchema,
  404: traktOAuthErrorSchema,
  409: traktOAuthErrorSchema,
  410: traktOAuthErrorSchema,
  413: traktOAuthErrorSchema,
  415: traktOAuthErrorSchema,
  418: traktOAuthErrorSchema,
  429: traktOAuthErrorSchema,
};

/** The fields an app left out or got wrong, in OAuth's words. */
function describeInvalid(error: FastifyError): string {
  const fields = (error.validation ?? [])
    .map((i) => i.instancePath.replace(/^\//, '') || i.params?.missingProperty)
    .filter((f): f is string => typeof f === 'string' && f !== '');
  return fields.length
    ? `Missing or invalid parameter: ${[...new Set(fields)].join(', ')}.`
    : 'The request is missing a required parameter or is otherwise malformed.';
}

/**
 * Trakt's OAuth endpoints under /trakt/oauth (issue 27, ADR 170 "OAuth for apps"), with
 * Trakt's paths, bodies, statuses and RFC 6749 error bodies. Bodies come as JSON (what Trakt
 * documents) or form-encoded (what generic OAuth libraries send).
 */
export async function traktOAuthRoutes(app: FastifyInstance, opts: { oauth: TraktOAuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { oauth } = opts;
  const tags = ['Trakt-compatible API'];

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // OAuth clients read `error` / `error_description`: answer every refusal here that way.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof TraktOAuthError) {
      if (error.statusCode === 401)
        void reply.header(
          'www-authenticate',
          `Bearer realm="Series Tracker", error="${error.error}", error_description="${error.description}"`,
        );
      return reply
        .status(error.statusCode)
        .send({ error: error.error, error_description: error.description });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation)
      return reply
        .status(400)
        .send({ error: 'invalid_request', error_description: describeInvalid(error) });
    // Bodies that are not JSON, too large, too many requests: the status Fastify chose.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.status(status).send({
        error: status === 429 ? 'slow_down' : 'invalid_request',
        error_description: error.message,
      });
    throw error; // the site's error handler (logs it, answers 500 or 503)
  });

  r.post(
    '/oauth/device/code',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Device sign-in: codes for the app, and a user code to enter on /activate',
        body: traktDeviceCodeBodySchema,
        response: { 200: traktDeviceCodeAnswerSchema, ...oauthErrors },
      },
    },
    (req) => oauth.deviceCode(req.body.client_id),
  );

  r.post(
    '/oauth/device/token',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Poll for the device sign-in's token: 400 pending, 404, 409 used, 410 expired, 418 denied, 429 slow down",
        body: traktDeviceTokenBodySchema,
        response: { 200: traktTokenAnswerSchema, ...oauthErrors },
      },
    },
    (req) => oauth.pollDevice(req.body.code, req.body.client_id),
  );

  r.get(
    '/oauth/authorize',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sends the browser to the consent page, with the app's request",
        querystring: z.record(z.string(), z.unknown()),
        response: { 302: z.null() },
      },
    },
    (req, reply) => {
      // The web app checks the request and shows what is wrong with it, in words.
      const query = new URL(req.url, 'http://x').search;
      void reply.redirect(`/oauth/authorize${query}`, 302);
    },
  );

  r.post(
    '/oauth/token',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Exchange an authorization code (PKCE checked) or a refresh token for tokens',
        body: traktTokenBodySchema,
        response: { 200: traktTokenAnswerSchema, ...oauthErrors },
      },
    },
    (req) => oauth.token(req.body),
  );

  r.post(
    '/oauth/revoke',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "End an app's access: its token stops working at once",
        body: traktRevokeBodySchema,
        response: { 200: z.null(), ...oauthErrors },
      },
    },
    async (req, reply) => {
      await oauth.revoke(req.body.token);
      return reply.status(200).send(null);
    },
  );
}
