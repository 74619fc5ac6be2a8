import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  pageSchema,
  profileSeasonRatingSchema,
  seasonNumberParam,
  seasonRatingBodySchema,
  seasonRatingSummarySchema,
  showSeasonRatingsSchema,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import type { UsersService } from '../users/users.service';
import type { SeasonRatingsService } from './season-ratings.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * Season ratings for the web (issue 29, ADR 180): the show page's per-season control and the
 * profile's list. Apps speaking the Trakt API reach the same rule through /trakt/sync/ratings.
 */
export async function seasonRatingsRoutes(
  app: FastifyInstance,
  opts: { seasonRatings: SeasonRatingsService; users: Pick<UsersService, 'requireDetails'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { seasonRatings, users } = opts;
  const tags = ['reviews'];
  const me = (req: FastifyRequest) => req.auth!.user.id;
  const season = z.object({ id: idParam, season: seasonNumberParam });

  r.get(
    '/shows/:id/season-ratings',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Per rated season: the community average and count, and your own rating',
        params: z.object({ id: idParam }),
        response: { 200: showSeasonRatingsSchema, ...errors },
      },
    },
    async (req) => seasonRatings.forShow(req.auth?.user.id ?? null, req.params.id),
  );

  r.put(
    '/shows/:id/seasons/:season/rating',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rate a season 1–10 (0 is the specials); answers the season’s figures after',
        params: season,
        body: seasonRatingBodySchema,
        response: { 200: seasonRatingSummarySchema, ...errors },
      },
    },
    async (req) =>
      seasonRatings.rateSeason(me(req), req.params.id, req.params.season, req.body.rating),
  );

  r.delete(
    '/shows/:id/seasons/:season/rating',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Clear your rating of a season; answers the season’s figures after',
        params: season,
        response: { 200: seasonRatingSummarySchema, ...errors },
      },
    },
    async (req) => seasonRatings.clearSeason(me(req), req.params.id, req.params.season),
  );

  r.get(
    '/users/:id/season-ratings',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['users'],
        summary: 'A member’s season ratings, newest first (403 when their profile is private)',
        params: z.object({ id: idParam }),
        querystring: z.object({ limit: limitParam(20, 50), offset: offsetParam }),
        response: { 200: pageSchema(profileSeasonRatingSchema), ...errors },
      },
    },
    async (req) => {
      await users.requireDetails(req.auth ? { id: req.auth.user.id } : null, req.params.id);
      return seasonRatings.profilePage(req.params.id, req.query.limit, req.query.offset);
    },
  );
}
