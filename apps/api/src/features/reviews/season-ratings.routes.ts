import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  pageSchema,
  profileSeasonRatingSchema,
  seasonNumberParam,
  seasonRatingBodySchema,
  seasonRatingSummarySchema,
  showSeasonRatingsSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import { errorResponses } from '../../lib/error-responses';
import { idParams, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { UsersService } from '../users/users.service';
import type { SeasonRatingsService } from './season-ratings.service';

/**
 * Season ratings for the web (issue 29, ADR 180): the show page's per-season control and the
 * profile's list. Apps speaking the Trakt API reach the same rule through /trakt/sync/ratings.
 */
export async function seasonRatingsRoutes(
  app: FastifyInstance,
  opts: { seasonRatings: SeasonRatingsService; users: Pick<UsersService, 'requireDetails'> },
) {
  const { seasonRatings, users } = opts;
  const api = routeTable(app, {
    tags: ['reviews'],
    errors: errorResponses(400, 401, 403, 404),
    access: 'signed-in',
  });
  const season = z.object({ id: idParam, season: seasonNumberParam });

  api.get('/shows/:id/season-ratings', {
    access: 'viewer',
    summary: 'Per rated season: the community average and count, and your own rating',
    params: idParams,
    response: showSeasonRatingsSchema,
    run: async ({ viewer, params }) => seasonRatings.forShow(viewer?.id ?? null, params.id),
  });
  api.put('/shows/:id/seasons/:season/rating', {
    summary: 'Rate a season 1–10 (0 is the specials); answers the season’s figures after',
    params: season,
    body: seasonRatingBodySchema,
    response: seasonRatingSummarySchema,
    run: async ({ member, params, body }) =>
      seasonRatings.rateSeason(member.id, params.id, params.season, body.rating),
  });
  api.delete('/shows/:id/seasons/:season/rating', {
    summary: 'Clear your rating of a season; answers the season’s figures after',
    params: season,
    response: seasonRatingSummarySchema,
    run: async ({ member, params }) =>
      seasonRatings.clearSeason(member.id, params.id, params.season),
  });
  api.get('/users/:id/season-ratings', {
    access: 'viewer',
    tags: ['users'],
    summary: 'A member’s season ratings, newest first (403 when their profile is private)',
    params: idParams,
    query: pagingQuery(20, 50),
    response: pageSchema(profileSeasonRatingSchema),
    run: async ({ viewer, params, query }) => {
      await users.requireDetails(viewer, params.id);
      return seasonRatings.profilePage(params.id, query.limit, query.offset);
    },
  });
}
