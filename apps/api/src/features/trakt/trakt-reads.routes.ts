import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorCodes,
  traktCalendarEntrySchema,
  traktCalendarMaxDays,
  traktEpisodeSchema,
  traktIdTypes,
  traktProgressSchema,
  traktSearchResultSchema,
  traktSearchTypes,
  traktSeasonSchema,
  traktSettingsSchema,
  traktShowSchema,
  traktStatsSchema,
} from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import {
  pageOffset,
  setPagination,
  traktExtended,
  traktPageQuery,
  wantsFull,
} from './trakt-paging';
import type { TraktReadsService, TraktSearchType } from './trakt-reads.service';
import type { TraktUsersService } from './trakt-users.service';
import { errorResponses } from '../../lib/error-responses';
import { verbatim } from '../../lib/i18n/text';

const errors = errorResponses(400, 401, 403, 404, 429);
const pathId = z.string().min(1).max(200);
const number = z.coerce.number().int().min(0).max(100_000);
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
const typeList = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const types = s.split(',').map((t) => t.trim());
    const bad = types.find((t) => !(traktSearchTypes as readonly string[]).includes(t));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `Unknown type “${bad}”` });
      return z.NEVER;
    }
    return types as TraktSearchType[];
  });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
type Req = { auth: { user: { id: number } } | null };

/**
 * Trakt's catalogue and member reads under /trakt (ADR 172): summaries by trakt id, slug or
 * IMDb id, seasons and episodes, watched progress, search, the "my shows" calendar, settings
 * and statistics.
 */
export async function traktReadsRoutes(
  app: FastifyInstance,
  opts: { reads: TraktReadsService; users: TraktUsersService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reads, users } = opts;
  const pub = { config: { access: 'public' as const } };
  const signedIn = { config: { access: 'signed-in' as const } };

  r.get(
    '/shows/:id',
    {
      ...pub,
      schema: {
        summary: 'A show by trakt id, slug or IMDb id (extended=full: every field)',
        params: z.object({ id: pathId }),
        querystring: traktExtended,
        response: { 200: traktShowSchema, ...errors },
      },
    },
    async (req) => reads.show(req.params.id, wantsFull(req.query.extended)),
  );

  r.get(
    '/shows/:id/seasons',
    {
      ...pub,
      schema: {
        summary: 'A show’s seasons (extended=episodes adds their episodes, full every field)',
        params: z.object({ id: pathId }),
        querystring: traktExtended,
        response: { 200: z.array(traktSeasonSchema), ...errors },
      },
    },
    async (req) =>
      reads.seasons(req.params.id, {
        full: wantsFull(req.query.extended),
        episodes: (req.query.extended ?? '').split(',').includes('episodes'),
      }),
  );

  r.get(
    '/shows/:id/seasons/:season',
    {
      ...pub,
      schema: {
        summary: 'The episodes of one season (0: specials)',
        params: z.object({ id: pathId, season: number }),
        querystring: traktExtended,
        response: { 200: z.array(traktEpisodeSchema), ...errors },
      },
    },
    async (req) => reads.season(req.params.id, req.params.season, wantsFull(req.query.extended)),
  );

  r.get(
    '/shows/:id/seasons/:season/episodes/:episode',
    {
      ...pub,
      schema: {
        summary: 'One episode by season and number',
        params: z.object({ id: pathId, season: number, episode: number }),
        querystring: traktExtended,
        response: { 200: traktEpisodeSchema, ...errors },
      },
    },
    async (req) =>
      reads.episode(
        req.params.id,
        req.params.season,
        req.params.episode,
        wantsFull(req.query.extended),
      ),
  );

  r.get(
    '/shows/:id/progress/watched',
    {
      ...signedIn,
      schema: {
        summary: 'Your watched progress of a show: aired, completed, next and last episode',
        params: z.object({ id: pathId }),
        querystring: z.object({
          hidden: flag,
          specials: flag,
          count_specials: z
            .enum(['true', 'false'])
            .optional()
            .transform((v) => v !== 'false'),
          last_activity: z.string().max(40).optional(),
          extended: z.string().max(100).optional(),
        }),
        response: { 200: traktProgressSchema, ...errors },
      },
    },
    async (req) =>
      reads.progress((req as Req).auth!.user.id, req.params.id, {
        specials: req.query.specials,
        countSpecials: req.query.count_specials,
      }),
  );

  r.get(
    '/search/:type',
    {
      ...pub,
      schema: {
        summary: 'Text search: shows (typo-tolerant) and episode titles; movies and people: none',
        params: z.object({ type: typeList }),
        querystring: traktPageQuery.extend({
          query: z.string().trim().min(1).max(200),
          fields: z.string().max(200).optional(),
          extended: z.string().max(100).optional(),
        }),
        response: { 200: z.array(traktSearchResultSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { total, items } = await reads.searchText(req.params.type, req.query.query, {
        offset: pageOffset(req.query),
        limit: req.query.limit,
      });
      setPagination(reply, req.query, total);
      return items;
    },
  );

  r.get(
    '/search/:id_type/:id',
    {
      ...pub,
      schema: {
        summary:
          'Id lookup: a show by trakt, IMDb, TMDB, TVDB or TVRage id; an episode by trakt id',
        params: z.object({ id_type: z.enum(traktIdTypes), id: z.string().min(1).max(40) }),
        querystring: traktPageQuery.extend({
          type: typeList.optional(),
          extended: z.string().max(100).optional(),
        }),
        response: { 200: z.array(traktSearchResultSchema), ...errors },
      },
    },
    async (req, reply) => {
      const all = await reads.searchId(req.params.id_type, req.params.id, req.query.type ?? null);
      setPagination(reply, req.query, all.length);
      const from = pageOffset(req.query);
      return all.slice(from, from + req.query.limit);
    },
  );

  const calendarResponse = { 200: z.array(traktCalendarEntrySchema), ...errors };
  const calendar = (userId: number, start?: string, days?: number) => {
    const from = start ?? new Date().toISOString().slice(0, 10);
    const n = days ?? 7;
    if (n < 1 || n > traktCalendarMaxDays || Number.isNaN(Date.parse(`${from}T00:00:00Z`)))
      // In English, as Trakt answers (ADR 186).
      throw new AppError(
        400,
        errorCodes.validation,
        verbatim(`days must be 1 to ${traktCalendarMaxDays}`),
        { days: verbatim(`1 to ${traktCalendarMaxDays}`) },
      );
    return users.calendar(userId, from, n);
  };
  r.get(
    '/calendars/my/shows',
    {
      ...signedIn,
      schema: {
        summary: 'Episodes of your shows airing in the next 7 days',
        querystring: traktExtended,
        response: calendarResponse,
      },
    },
    async (req) => calendar((req as Req).auth!.user.id),
  );
  r.get(
    '/calendars/my/shows/:start_date/:days',
    {
      ...signedIn,
      schema: {
        summary: 'Episodes of your shows airing from start_date for days days (at most 33)',
        params: z.object({ start_date: isoDate, days: z.coerce.number().int() }),
        querystring: traktExtended,
        response: calendarResponse,
      },
    },
    async (req) => calendar((req as Req).auth!.user.id, req.params.start_date, req.params.days),
  );

  r.get(
    '/users/settings',
    {
      ...signedIn,
      schema: {
        summary: 'Your account as Trakt shapes it',
        response: { 200: traktSettingsSchema, ...errors },
      },
    },
    async (req) => users.settings(req.auth!.user),
  );

  r.get(
    '/users/:id/stats',
    {
      config: { access: 'viewer' as const },
      schema: {
        summary: 'A member’s statistics (`me`: yours); a private profile’s: its owner only',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: traktStatsSchema, ...errors },
      },
    },
    async (req) => {
      const viewer = req.auth ? { id: req.auth.user.id } : null;
      if (req.params.id === 'me' && !req.auth)
        throw new AppError(
          401,
          errorCodes.unauthorized,
          verbatim('Sign in to read your own statistics'),
        );
      const username = req.params.id === 'me' ? req.auth!.user.username : req.params.id;
      return users.stats(viewer, username);
    },
  );
}
