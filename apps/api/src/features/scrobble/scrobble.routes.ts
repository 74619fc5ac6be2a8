import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  errorCodes,
  integrationMessages,
  mediaServers,
  scrobbleResultSchema,
  scrobbleSettingsSchema,
} from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { ScrobbleService } from './scrobble.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};

const MAX_BODY = 1024 * 1024;

/**
 * The JSON a media server sent: a JSON body as parsed; multipart (Plex always, Emby when set
 * to form data) carries it in a `payload` (Plex) or `data` field; a text/plain body is read
 * as JSON (some Jellyfin set-ups send that).
 */
function payloadOf(body: unknown): unknown {
  if (typeof body === 'string') return parseJson(body);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const name of ['payload', 'data']) {
      const v = fields[name];
      if (typeof v === 'string') return parseJson(v);
      if (Buffer.isBuffer(v)) return parseJson(v.toString('utf8'));
      // A part sent as application/json arrives parsed.
      if (v && typeof v === 'object') return v;
    }
  }
  return body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(
      400,
      errorCodes.invalidJson,
      `${integrationMessages.payloadInvalid}: not JSON`,
    );
  }
}

/**
 * Reads a multipart body into `{ field: value }` (files as Buffers). A body the parser cannot
 * read (cut off, no boundary, not multipart at all, a JSON part that is not JSON) is the
 * sender's mistake: 400, never a 500. The body is read before the secret is looked up, so a
 * known and an unknown secret get the same 400 (ADR 150, review of 2026-11-26); a body over a
 * limit keeps its 413.
 */
async function readMultipart(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      fields[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw err;
    throw new AppError(
      400,
      errorCodes.validation,
      `${integrationMessages.payloadInvalid}: not readable as multipart form data`,
    );
  }
  req.body = fields;
}

/** Scrobbling (ADR 161): the webhook every media server posts to, and its settings. */
export async function scrobbleRoutes(app: FastifyInstance, opts: { scrobble: ScrobbleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scrobble } = opts;
  // Plex posts multipart/form-data (a JSON `payload` field and sometimes a thumbnail).
  await app.register(multipart, {
    limits: { fieldSize: MAX_BODY, fileSize: MAX_BODY, files: 2, fields: 10, parts: 12 },
  });
  app.addHook('preValidation', readMultipart);
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: MAX_BODY },
    (_req, text, done) => done(null, text),
  );
  const settingsConfig = { access: 'signed-in' as const, tokens: 'never' as const };
  const tags = ['scrobbling'];

  r.post(
    '/scrobble/:secret/:server',
    {
      // The secret in the URL is the credential: media servers cannot send our tokens.
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Webhook for Jellyfin, Plex, Emby or Kodi: an episode played past 90 % is recorded as watched (idempotent)',
        params: z.object({
          secret: z.string().min(1).max(100),
          server: z.enum(mediaServers, { error: integrationMessages.unknownServer }),
        }),
        body: z.unknown(),
        response: { 200: scrobbleResultSchema, ...errors },
      },
    },
    async (req) => scrobble.receive(req.params.secret, req.params.server, payloadOf(req.body)),
  );

  r.get(
    '/scrobble/settings',
    {
      config: settingsConfig,
      schema: {
        tags,
        summary: 'Your webhook URLs (one per media server) and the last events they sent',
        response: { 200: scrobbleSettingsSchema, ...errors },
      },
    },
    async (req) => scrobble.settings(req.auth!.user.id),
  );

  r.post(
    '/scrobble/settings/rotate',
    {
      config: settingsConfig,
      schema: {
        tags,
        summary: 'New webhook URLs: the old ones stop working at once',
        response: { 200: scrobbleSettingsSchema, ...errors },
      },
    },
    async (req) => scrobble.rotate(req.auth!.user.id),
  );
}
