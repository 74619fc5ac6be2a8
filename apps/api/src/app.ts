import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { errorCodes } from '@series-tracker/contracts';
import type { AppConfig } from './config';
import { connect, type Db } from './db/connection';
import { errorsPlugin } from './plugins/errors';
import { authPlugin } from './plugins/auth';
import { responseCachePlugin } from './plugins/response-cache';
import { createAuthRepository } from './features/auth/auth.repository';
import { createAuthService } from './features/auth/auth.service';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { createShowsRepository } from './features/shows/shows.repository';
import { createShowsService } from './features/shows/shows.service';
import { createTrendingService } from './features/shows/trending.service';
import { showsRoutes } from './features/shows/shows.routes';
import { createEpisodesRepository } from './features/episodes/episodes.repository';
import { episodesRoutes } from './features/episodes/episodes.routes';
import { createSearchRepository } from './features/search/search.repository';
import { createSearchService } from './features/search/search.service';
import { searchRoutes } from './features/search/search.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { createTrackingRepository } from './features/tracking/tracking.repository';
import { createTrackingService } from './features/tracking/tracking.service';
import { trackingRoutes } from './features/tracking/tracking.routes';
import { createMetadataService } from './features/metadata/metadata.service';
import { refreshDerivedShowData } from './features/search/search-index';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database; when absent one is opened from config.databaseUrl and closed with the app. */
  db?: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Builds the whole HTTP application without listening, so tests can inject requests into it. */
export async function buildApp({ config, db: givenDb }: BuildAppOptions): Promise<FastifyInstance> {
  const db = givenDb ?? connect(config.databaseUrl);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Posters and stills are hot-linked from TVmaze (and other https hosts).
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(responseCachePlugin, { maxEntries: 5000, enabled: config.responseCache });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Series Tracker API',
        description: 'Track shows, mark episodes watched, review, list and follow.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const authService = createAuthService({
    repo: createAuthRepository(db.kysely),
    sessionTtlDays: config.sessionTtlDays,
  });
  await app.register(authPlugin, { authService });

  const trackingRepo = createTrackingRepository(db.kysely, db.dialect);
  const tracking = createTrackingService({
    repo: trackingRepo,
    // A show's totalUsers changed: its cached page goes, so the count is exact here at once
    // (lists that include it catch up within their TTL).
    onShowCountersChanged: (showId) => app.responseCache.invalidate(`/api/shows/${showId}`),
  });
  // Opening a show page refreshes its TVmaze data in the background when older than a day.
  const metadata = createMetadataService({
    db,
    config,
    log: app.log,
    onShowsChanged: async (trx, ids) => {
      await refreshDerivedShowData(trx, ids);
      // Episodes may have come or gone: every watcher's progress and next episode follow.
      await trackingRepo.rederiveShows(trx, ids);
      app.responseCache.clear();
    },
  });
  app.addHook('onClose', async () => {
    await metadata.idle();
    if (!givenDb) await db.close();
  });
  const shows = createShowsService({
    repo: createShowsRepository(db.kysely),
    onShowViewed: (id) => metadata.refreshShowInBackground(id),
  });
  const trending = createTrendingService({
    shows,
    sources: [(since) => trackingRepo.activitySince(since)],
  });
  const search = createSearchService({
    repo: createSearchRepository(db.kysely, db.dialect),
    shows,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { authService, rateLimit: config.authRateLimit });
      await api.register(showsRoutes, { shows, trending, search });
      await api.register(episodesRoutes, { repo: createEpisodesRepository(db.kysely), shows });
      await api.register(searchRoutes, { search, shows, trending });
      await api.register(statsRoutes, { db: db.kysely });
      await api.register(trackingRoutes, { tracking });
    },
    { prefix: '/api' },
  );

  const indexHtml = config.webDistDir ? path.join(config.webDistDir, 'index.html') : null;
  const spaAvailable = indexHtml !== null && fs.existsSync(indexHtml);
  if (spaAvailable) {
    await app.register(fastifyStatic, {
      root: config.webDistDir!,
      prefix: '/',
      index: ['index.html'],
      // The web build writes name.br and name.gz beside each text asset (ADR 020): the one the
      // client accepts is sent as it is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change. The page itself
        // names the current fingerprints: it is revalidated on every load.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (path.basename(filePath).replace(/\.(br|gz)$/, '') === 'index.html') {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing fingerprinted file (an old chunk after a deploy) is a real 404, never the page:
    // HTML under a script's URL would fail with a MIME error instead of a clear miss.
    const isAsset = pathname.startsWith('/assets/');
    if (
      !isApi &&
      !isAsset &&
      spaAvailable &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      // History fallback: the SPA's router decides what to show, including its own 404.
      // (setHeaders above marks it no-cache.)
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: `No route for ${request.method} ${pathname}`, code: errorCodes.notFound });
  });

  return app;
}
