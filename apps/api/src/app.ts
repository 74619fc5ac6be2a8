import fs from 'node:fs';
import path from 'node:path';
import { loggerOptions } from './plugins/request-log';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { notFound } from './lib/errors';
import { msg } from './lib/i18n/text';
import { validatorCompiler } from './lib/i18n/validation';
import type { AppConfig } from './config';
import { connect, type Db } from './db/connection';
import { errorsPlugin } from './plugins/errors';
import { authPlugin } from './plugins/auth';
import { responseCachePlugin, subscribeResponseCache } from './plugins/response-cache';
import { metricsPlugin } from './plugins/metrics';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webShell } from './plugins/web-shell';
import { accessPlugin } from './platform/access';
import { createServices, type Services } from './platform/services';
import { fallbackRateLimitStore } from './platform/rate-limit-store';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { authRoutes } from './features/auth/auth.routes';
import { twoFactorRoutes } from './features/auth/two-factor.routes';
import { ssoRoutes } from './features/auth/sso/sso.routes';
import { healthRoutes, type Lifecycle } from './features/health/health.routes';
import { showsRoutes } from './features/shows/shows.routes';
import { episodesRoutes } from './features/episodes/episodes.routes';
import { searchRoutes } from './features/search/search.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { trackingRoutes } from './features/tracking/tracking.routes';
import { playsRoutes } from './features/tracking/plays.routes';
import { listsRoutes } from './features/lists/lists.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { seasonRatingsRoutes } from './features/reviews/season-ratings.routes';
import { accountRoutes, uploadsRoutes } from './features/account/account.routes';
import { isStorageKey } from './platform/storage';
import { importsRoutes } from './features/imports/imports.routes';
// People (issue 11)
import { activityRoutes } from './features/activity/activity.routes';
import { socialRoutes } from './features/social/social.routes';
import { peopleStatsRoutes } from './features/stats/people-stats.routes';
import { yearReviewPageRoute, yearReviewRoutes } from './features/stats/year-review.routes';
import { usersRoutes } from './features/users/users.routes';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes';
import { scrobbleRoutes } from './features/scrobble/scrobble.routes';
import { calendarRoutes } from './features/calendar/calendar.routes';
import { watchRoutes } from './features/watch/watch.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { recommendationsRoutes } from './features/recommendations/recommendations.routes';
import { spoilersRoutes } from './features/spoilers/spoilers.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { traktRoutes } from './features/trakt/trakt.routes';
import { traktAppsRoutes } from './features/trakt/trakt-apps.routes';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database; when absent one is opened from config.databaseUrl and closed with the app. */
  db?: Db;
  /** Services built by the caller (server, bench); when absent they are built here on `db`. */
  services?: Services;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    /** `draining` is set on SIGTERM (server.ts): /api/ready then answers 503. */
    lifecycle: Lifecycle;
  }
}

/** Builds the whole HTTP application without listening, so tests can inject requests into it. */
export async function buildApp({
  config,
  db: givenDb,
  services: givenServices,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const db = givenServices?.db ?? givenDb ?? connect(config.databaseUrl);
  const app = Fastify({
    // Request URLs are logged with reset/confirmation tokens redacted (plugins/request-log.ts).
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);

  await app.register(errorsPlugin);
  // Helmet's headers, worked out once (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Posters and stills are hot-linked from TVmaze (and other https hosts).
        // Avatars straight from the bucket (S3_PUBLIC_URL, ADR 140) may be plain http.
        imgSrc: [
          "'self'",
          'data:',
          'https:',
          ...(config.s3?.publicUrl?.startsWith('http:')
            ? [new URL(config.s3.publicUrl).origin]
            : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const services = givenServices ?? createServices({ config, db, log: app.log });
  app.decorate('services', services);
  // Redis commands fail fast while it is not connected (platform/redis.ts): give a fresh
  // connection a moment to come up, so the first requests share budgets; never wait long.
  const redis = services.redis;
  if (redis && redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 1_000);
      redis.once('ready', done);
    });
  }
  // Budgets live in Redis when several app servers share it (one budget per client across
  // servers); in process memory otherwise. While Redis is down each server keeps its own budget
  // (platform/rate-limit-store.ts) rather than letting everything through or waiting on Redis.
  await app.register(rateLimit, {
    global: false,
    ...(services.redis
      ? {
          store: fallbackRateLimitStore(
            services.redis,
            `${config.redisPrefix}rate-limit:`,
            app.log,
          ),
        }
      : {}),
  });
  // Prometheus figures at /metrics, for a scraper holding METRICS_TOKEN (plugins/metrics.ts).
  if (config.metricsToken)
    await app.register(metricsPlugin, { jobs: services.jobs, token: config.metricsToken });
  // Room for every show page, its episodes and similar shows, and the searches people make.
  await app.register(responseCachePlugin, {
    maxBytes: 128 * 1024 * 1024,
    enabled: config.responseCache,
    perViewer: config.viewerCache,
  });

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

  await app.register(authPlugin, {
    authService: services.auth,
    apiTokens: services.apiTokens,
    traktGrants: services.traktGrants,
  });
  await app.register(accessPlugin);

  // Caches follow the domain events, by key; no feature reaches into them.
  const unsubscribeCache = subscribeResponseCache(services.events, app.responseCache, {
    followersOf: (userId) => services.social.followersOf(userId),
  });
  app.addHook('onClose', async () => {
    unsubscribeCache();
    if (!givenServices) await services.close();
    if (!givenDb) await db.close();
  });

  await app.register(
    async (api) => {
      // API JSON over 1 kB goes compressed (cached reads bring their own compressed copy). Only
      // in this scope: the SPA's files are served precompressed by the static block below.
      await api.register(compress, {
        globalCompression: true,
        globalDecompression: false,
        threshold: 1024,
        encodings: ['br', 'gzip'],
      });
      const { auth, shows, trending, search, tracking, episodesRepo } = services;
      await api.register(healthRoutes, {
        db,
        redis: services.redis,
        lifecycle,
        storage: services.storage,
      });
      await api.register(authRoutes, {
        authService: auth,
        registration: services.registration,
        rateLimit: config.authRateLimit,
      });
      // First run, second factors, passkeys, recent sign-in (ADR 173).
      await api.register(twoFactorRoutes, {
        twoFactor: services.twoFactor,
        passkeys: services.passkeys,
        registration: services.registration,
        userOf: (id) => services.authRepo.userById(id),
        rateLimit: config.authRateLimit,
      });
      // Single sign-on with an OpenID Provider (ADR 174).
      await api.register(ssoRoutes, {
        sso: services.sso,
        publicUrl: config.publicUrl,
        rateLimit: config.authRateLimit,
      });
      await api.register(showsRoutes, { shows, trending, search });
      await api.register(episodesRoutes, { repo: episodesRepo, shows });
      await api.register(searchRoutes, {
        search,
        shows,
        trending,
        reviews: services.reviews,
        users: services.users,
      });
      await api.register(statsRoutes, {
        repo: services.statsRepo,
        lists: services.lists,
        reviews: services.reviews,
      });
      await api.register(trackingRoutes, { tracking, idempotency: services.idempotency });
      await api.register(playsRoutes, {
        plays: services.plays,
        idempotency: services.idempotency,
      });
      await api.register(jobsRoutes, { jobs: services.jobsService });
      // Lists (issue 10)
      await api.register(listsRoutes, {
        lists: services.lists,
        writeLimit: config.listWriteRateLimit,
      });
      // Reviews (issue 9)
      await api.register(reviewsRoutes, {
        reviews: services.reviews,
        comments: services.comments,
        episodeReviews: services.episodeReviews,
        likes: services.likes,
        config,
      });
      // Season ratings on the show page and profile (issue 29, ADR 180).
      await api.register(seasonRatingsRoutes, {
        seasonRatings: services.seasonRatings,
        users: services.users,
      });
      // Account (issue 12): settings, avatar, password reset, email confirmation, sessions.
      await api.register(accountRoutes, {
        account: services.account,
        rateLimit: config.authRateLimit,
      });
      await api.register(importsRoutes, {
        imports: services.imports,
        exporter: services.exporter,
      });
      // People (issue 11)
      await api.register(socialRoutes, { social: services.social });
      await api.register(usersRoutes, {
        users: services.users,
        tracking,
        activity: services.activity,
        stats: services.stats,
        reviews: services.reviews,
        lists: services.lists,
      });
      await api.register(activityRoutes, {
        activity: services.activity,
        reviews: services.reviews,
      });
      await api.register(peopleStatsRoutes, { stats: services.stats, trending });
      await api.register(yearReviewRoutes, { yearReview: services.yearReview });
      // Personal API tokens and scrobbling (issue 22, ADR 161)
      await api.register(apiTokensRoutes, { apiTokens: services.apiTokens });
      await api.register(scrobbleRoutes, { scrobble: services.scrobble });
      // Apps speaking the Trakt API: /activate, the consent page, Connected apps (ADR 170).
      await api.register(traktAppsRoutes, { oauth: services.traktOAuth });
      // Calendar, iCal feed, alerts, the bell (issue 22, ADR 160).
      await api.register(calendarRoutes, { calendar: services.calendar });
      await api.register(watchRoutes, { watch: services.watch });
      await api.register(notificationsRoutes, { notifications: services.notifications });
      await api.register(recommendationsRoutes, { recommendations: services.recommendations });
      await api.register(spoilersRoutes, { spoilers: services.spoilers });
      // Moderation (issue 21, ADR 151)
      await api.register(moderationRoutes, {
        moderation: services.moderation,
        ...(config.writeLimits?.reports !== undefined
          ? { reportsPerHour: config.writeLimits.reports }
          : {}),
      });
    },
    { prefix: '/api' },
  );

  // The Trakt API v2-compatible surface for the apps people already use (issue 27, ADR 170).
  await app.register(
    async (trakt) => {
      await trakt.register(compress, {
        globalCompression: true,
        globalDecompression: false,
        threshold: 1024,
        encodings: ['br', 'gzip'],
      });
      await trakt.register(traktRoutes, { services, publicUrl: config.publicUrl });
    },
    { prefix: '/trakt' },
  );

  // Uploaded files (avatars) from the storage layer (platform/storage.ts).
  // Only avatars: with S3, pending import uploads share the bucket (under imports/) and are
  // never served (ADR 140).
  await app.register(uploadsRoutes, {
    open: services.storage.open,
    isKey: (key) => isStorageKey(key) && key.startsWith('avatars/'),
  });

  const indexHtml = config.webDistDir ? path.join(config.webDistDir, 'index.html') : null;
  const spaAvailable = indexHtml !== null && fs.existsSync(indexHtml);
  // The page and manifest in the visitor's language (issue 31, ADR 186), built once.
  const shell = spaAvailable ? webShell(config.webDistDir!) : null;
  if (shell) {
    app.get('/', { config: { access: 'public' } }, (req, reply) => shell.sendPage(req, reply));
    app.get('/index.html', { config: { access: 'public' } }, (req, reply) =>
      shell.sendPage(req, reply),
    );
    app.get('/manifest.webmanifest', { config: { access: 'public' } }, (req, reply) =>
      shell.sendManifest(req, reply),
    );
    await app.register(fastifyStatic, {
      root: config.webDistDir!,
      prefix: '/',
      index: false,
      // The web build writes name.br and name.gz beside each text asset (ADR 020): the one the
      // client accepts is sent as it is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change. The page itself
        // names the current fingerprints: it is revalidated on every load.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (
          ['index.html', 'sw.js', 'manifest.webmanifest'].includes(
            path.basename(filePath).replace(/\.(br|gz)$/, ''),
          )
        ) {
          // The service worker and manifest too (ADR 162): a new build must reach browsers.
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
    // The year in review's page carries its own Open Graph tags (issue 29, ADR 180).
    await app.register(yearReviewPageRoute, {
      yearReview: services.yearReview,
      page: shell.page,
      publicUrl: config.publicUrl,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi =
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname === '/trakt' ||
      pathname.startsWith('/trakt/');
    // A missing fingerprinted file (an old chunk after a deploy) is a real 404, never the page:
    // HTML under a script's URL would fail with a MIME error instead of a clear miss.
    const isAsset = pathname.startsWith('/assets/');
    if (!isApi && !isAsset && shell && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what to show, including its own 404.
      return shell.sendPage(request, reply);
    }
    throw notFound(msg('errors.noRoute', { method: request.method, path: pathname }));
  });

  return app;
}
