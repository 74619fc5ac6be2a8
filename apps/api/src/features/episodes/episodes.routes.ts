import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  episodeSchema,
  episodeWithShowSchema,
  pageSchema,
  trackingMessages,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { idParam } from '../../lib/params';
import { toEpisode } from '../shows/shows.mapper';
import { cacheTags, tagResponse } from '../../platform/cache-tags';
import type { ShowsService } from '../shows/shows.service';
import type { EpisodesRepository } from './episodes.repository';
import { episodeNeighbours } from './episode-neighbours';

/** Catalogue reads are the same for everyone; see plugins/response-cache.ts. */
const catalogueCache = { ttlSeconds: 60 };

export async function episodesRoutes(
  app: FastifyInstance,
  opts: { repo: EpisodesRepository; shows: ShowsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['episodes'];
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

  r.get(
    '/episodes/show/:showId',
    {
      config: {
        access: 'public',
        cache: {
          ttlSeconds: 300,
          tags: (req) => [cacheTags.show((req.params as { showId: string }).showId)],
        },
      },
      schema: {
        tags,
        summary: "A show's episodes, sorted by season then number",
        params: z.object({ showId: idParam }),
        querystring: z.object({ season: z.coerce.number().int().min(0).max(10_000).optional() }),
        response: { 200: pageSchema(episodeSchema), ...errors },
      },
    },
    async (req) => {
      const [show] = await opts.shows.summariesByIds([req.params.showId]);
      if (!show) throw notFound(trackingMessages.showNotFound);
      const rows = await opts.repo.forShow(req.params.showId, req.query.season);
      return {
        data: rows.map(toEpisode),
        total: rows.length,
        limit: rows.length,
        offset: 0,
        hasMore: false,
      };
    },
  );

  r.get(
    '/episodes/:id',
    {
      config: { access: 'public', cache: catalogueCache },
      schema: {
        tags,
        summary: 'One episode with its show and its previous and next episodes',
        params: z.object({ id: idParam }),
        response: { 200: episodeWithShowSchema, ...errors },
      },
    },
    async (req) => {
      const row = await opts.repo.findById(req.params.id);
      if (!row) throw notFound(trackingMessages.episodeNotFound);
      tagResponse(req, cacheTags.show(row.show_id));
      const [[show], places] = await Promise.all([
        opts.shows.summariesByIds([row.show_id]),
        opts.repo.placesForShow(row.show_id),
      ]);
      if (!show) throw notFound(trackingMessages.episodeNotFound);
      return {
        ...toEpisode(row),
        show,
        retired: row.retired_at !== null,
        ...episodeNeighbours(row, places),
      };
    },
  );
}
