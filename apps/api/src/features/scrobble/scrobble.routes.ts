import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  errorCodes,
  integrationMessages,
  mediaServers,
  scrobbleResultSchema,
  scrobbleSettingsSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { AppError } from '../../lib/errors';
import { routeTable } from '../../lib/route-table';
import type { ScrobbleService } from './scrobble.service';
import { msg } from '../../lib/i18n/text';

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
    throw new AppError(400, errorCodes.invalidJson, msg('integrations.payloadNotJson'));
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
    throw new AppError(400, errorCodes.validation, msg('integrations.payloadNotMultipart'));
  }
  req.body = fields;
}

/** Scrobbling (ADR 161): the webhook every media server posts to, and its settings. */
export async function scrobbleRoutes(app: FastifyInstance, opts: { scrobble: ScrobbleService }) {
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
  const settings = { access: 'signed-in', config: { tokens: 'never' } } as const;
  const api = routeTable(app, {
    tags: ['scrobbling'],
    errors: errorResponses(400, 401, 403, 404, 413, 415, 429),
  });

  api.post('/scrobble/:secret/:server', {
    // The secret in the URL is the credential: media servers cannot send our tokens.
    access: 'public',
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    summary:
      'Webhook for Jellyfin, Plex, Emby or Kodi: an episode played past 90 % is recorded as watched (idempotent)',
    params: z.object({
      secret: z.string().min(1).max(100),
      server: z.enum(mediaServers, { error: integrationMessages.unknownServer }),
    }),
    body: z.unknown(),
    response: scrobbleResultSchema,
    run: async ({ params, body }) =>
      scrobble.receive(params.secret, params.server, payloadOf(body)),
  });
  api.get('/scrobble/settings', {
    ...settings,
    summary: 'Your webhook URLs (one per media server) and the last events they sent',
    response: scrobbleSettingsSchema,
    run: async ({ member }) => scrobble.settings(member.id),
  });
  api.post('/scrobble/settings/rotate', {
    ...settings,
    summary: 'New webhook URLs: the old ones stop working at once',
    response: scrobbleSettingsSchema,
    run: async ({ member }) => scrobble.rotate(member.id),
  });
}
