import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  applyRowSchema,
  errorCodes,
  exportQuerySchema,
  heldPageSchema,
  heldQuerySchema,
  importIdParamsSchema,
  importMaxBytes,
  importMessages,
  importSchema,
  importSources,
  pageSchema,
  type ImportSource,
} from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import { pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { ExportService } from './export.service';
import type { ImportsService } from './imports.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 404, 409, 413, 503);
const security = [{ bearerAuth: [] }];
const tags = ['imports'];

export async function importsRoutes(
  app: FastifyInstance,
  opts: { imports: ImportsService; exporter: ExportService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, exporter } = opts;
  const { importFiles } = imports;
  await app.register(multipart, {
    limits: { fileSize: importMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  const me = (req: { auth: { user: { id: number } } | null }) => req.auth!.user.id;
  const api = routeTable(app, { tags, errors, security, access: 'signed-in' });

  r.post(
    '/imports',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary:
          'Upload an export (multipart `file`, up to 200 MB; optional `source` to override detection): 202 with the import id',
        consumes: ['multipart/form-data'],
        response: { 202: z.object({ id: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new AppError(400, errorCodes.validation, importMessages.fileMissing, {
          file: importMessages.fileMissing,
        });
      // A member's uploads sit under their id (deleted with the account, ADR 140).
      const key = `${me(req)}/${randomUUID()}.upload`;
      let source: ImportSource | null = null;
      let fileName: string | null = null;
      let stored = false;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'source' && part.value) {
              const value = String(part.value);
              if (!(importSources as readonly string[]).includes(value))
                throw new AppError(400, errorCodes.validation, importMessages.sourceInvalid, {
                  source: importMessages.sourceInvalid,
                });
              source = value as ImportSource;
            }
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            continue;
          }
          // Streamed to the import store (IMPORT_DIR or the bucket): a 200 MB export never
          // sits in memory, and a job on any server can read it.
          await importFiles.put(key, part.file, 'application/octet-stream');
          if (part.file.truncated)
            throw new AppError(413, errorCodes.payloadTooLarge, importMessages.fileTooLarge);
          fileName = part.filename ? path.basename(part.filename).slice(0, 255) : null;
          stored = true;
        }
      } catch (err) {
        await importFiles.delete(key).catch(() => undefined);
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, errorCodes.payloadTooLarge, importMessages.fileTooLarge);
        throw new AppError(400, errorCodes.validation, importMessages.fileMissing, {
          file: importMessages.fileMissing,
        });
      }
      if (!stored)
        throw new AppError(400, errorCodes.validation, importMessages.fileMissing, {
          file: importMessages.fileMissing,
        });
      const result = await imports.start(me(req), { key, fileName, source });
      return reply.code(202).send(result);
    },
  );

  api.get('/imports', {
    summary: 'Your imports, newest first, with their reports',
    query: pagingQuery(20, 50),
    response: pageSchema(importSchema),
    run: async ({ member, query }) => imports.list(member.id, query.limit, query.offset),
  });
  // Only ever the signed-in member's own held history.
  api.get('/imports/held', {
    summary:
      'Your held history per show: watches and MyAnimeList counts kept until the catalogue can place them, with why and what resolves them',
    query: heldQuerySchema,
    response: heldPageSchema,
    run: async ({ member, query }) => imports.held(member.id, query.limit, query.offset),
  });
  // The service asks the policy: someone else's import is a 404.
  api.get('/imports/:id', {
    access: 'owner',
    summary: 'One of your imports: status, progress, report',
    params: importIdParamsSchema,
    response: importSchema,
    run: async ({ member, params }) => imports.get(member, params.id),
  });
  api.post('/imports/:id/rows/:index', {
    access: 'owner',
    summary: "Apply an unmatched row of an import's report to the show you picked",
    params: importIdParamsSchema.extend({ index: z.coerce.number().int().min(0).max(10_000) }),
    body: applyRowSchema,
    response: importSchema,
    run: async ({ member, params, body }) =>
      imports.applyRow(member, params.id, params.index, body.showId),
  });

  r.get(
    '/users/me/export',
    {
      // Everything the member ever wrote: a session, never an API token (ADR 150).
      config: { access: 'signed-in', tokens: 'never' },
      schema: {
        tags,
        security,
        summary:
          'Everything you own, streamed: format=json (one versioned document) or format=csv (a ZIP of CSV files)',
        querystring: exportQuerySchema,
        produces: ['application/json', 'application/zip'],
        response: {
          200: z
            .string()
            .describe(
              'A file download: the JSON document (docs/export-format.md) or a ZIP of CSV files',
            ),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'csv') {
        reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="series-tracker-${day}.zip"`);
        return reply.send(exporter.csvZip(me(req)) as never);
      }
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="series-tracker-${day}.json"`);
      return reply.send(exporter.json(me(req)) as never);
    },
  );
}
