import type { AppConfig } from '../config';
import type { Db } from '../db/connection';
import { createAuthRepository } from '../features/auth/auth.repository';
import { createAuthService } from '../features/auth/auth.service';
import { createRegistration } from '../features/auth/registration';
import { createTwoFactorRepository } from '../features/auth/two-factor.repository';
import { createTwoFactor } from '../features/auth/two-factor.service';
import { createPasskeys } from '../features/auth/passkeys.service';
import { createOidcClient } from '../features/auth/sso/oidc-client';
import { createSsoRepository } from '../features/auth/sso/sso.repository';
import { createSsoService } from '../features/auth/sso/sso.service';
import { createEpisodesRepository } from '../features/episodes/episodes.repository';
import { createMetadataService } from '../features/metadata/metadata.service';
import { createCatalogIndex } from '../features/metadata/catalog-index';
import { createTokenBucket, createTvmazeClient } from '../features/metadata/tvmaze.client';
import { createSharedTvmazeLimiter } from '../features/metadata/tvmaze.rate-limit';
import { createRemoteSearch } from '../features/search/remote-search';
import { refreshDerivedShowData } from '../features/search/search-index';
import { createSearchRepository } from '../features/search/search.repository';
import { createSearchService } from '../features/search/search.service';
import { createShowsRepository } from '../features/shows/shows.repository';
import { createShowsService } from '../features/shows/shows.service';
import { createTrendingService } from '../features/shows/trending.service';
import { createTrackingRepository } from '../features/tracking/tracking.repository';
import { createTrackingService } from '../features/tracking/tracking.service';
import { createIdempotency } from './idempotency';
import { createIdempotencyRepository } from './idempotency.repository';
import { createPlaysRepository } from '../features/tracking/plays.repository';
import { createPlaysService } from '../features/tracking/plays.service';
import { createScrobblePlays } from '../features/tracking/scrobble-play';
import { createApiTokensRepository } from '../features/api-tokens/api-tokens.repository';
import { createApiTokensService } from '../features/api-tokens/api-tokens.service';
import { createScrobbleRepository } from '../features/scrobble/scrobble.repository';
import { createScrobbleService } from '../features/scrobble/scrobble.service';
import { createTraktGrantsRepository } from '../features/trakt/trakt-grants.repository';
import { createTraktGrantsService } from '../features/trakt/trakt-grants.service';
import { createTraktRepository } from '../features/trakt/trakt.repository';
import { createTraktSyncRepository } from '../features/trakt/trakt-sync.repository';
import { createTraktActivity } from '../features/trakt/trakt-activity';
import { createTraktSyncHistory } from '../features/trakt/trakt-sync-history';
import { createTraktSyncLists } from '../features/trakt/trakt-sync-lists';
import { createSeasonRatingsRepository } from '../features/reviews/season-ratings.repository';
import { createSeasonRatingsService } from '../features/reviews/season-ratings.service';
import { createTraktPlaybackRepository } from '../features/trakt/trakt-playback.repository';
import { createTraktScrobbleService } from '../features/trakt/trakt-scrobble.service';
import { createTraktCatalogueRepository } from '../features/trakt/trakt-catalogue.repository';
import { createTraktReadsService } from '../features/trakt/trakt-reads.service';
import { createTraktUsersService } from '../features/trakt/trakt-users.service';
import { createTraktOAuthRepository } from '../features/trakt/trakt-oauth.repository';
import { createTraktOAuthService } from '../features/trakt/trakt-oauth.service';
import { createJobsService } from '../features/jobs/jobs.service';
import { createListsRepository } from '../features/lists/lists.repository';
import { createListsService } from '../features/lists/lists.service';
import { createReviewsFeature } from '../features/reviews/reviews.feature';
import { createExportService } from '../features/imports/export.service';
import { createExportRepository } from '../features/imports/export.repository';
import { createImportsRepository } from '../features/imports/imports.repository';
import { createImportsService } from '../features/imports/imports.service';
import { createImportTargets } from '../features/imports/import-targets';
// People (issue 11)
import { createActivityRepository } from '../features/activity/activity.repository';
import { createActivityService } from '../features/activity/activity.service';
import { createSocialRepository } from '../features/social/social.repository';
import { createSocialService } from '../features/social/social.service';
import { createStatsRepository } from '../features/stats/stats.repository';
import { createStatsService } from '../features/stats/stats.service';
import { createYearReviewRepository } from '../features/stats/year-review.repository';
import { createYearReviewService } from '../features/stats/year-review.service';
import { createUsersRepository } from '../features/users/users.repository';
import { createUsersService, type ContentCounts } from '../features/users/users.service';
import { createCalendarRepository } from '../features/calendar/calendar.repository';
import { createCalendarService } from '../features/calendar/calendar.service';
import { createEpisodeAlerts } from '../features/calendar/episode-alerts';
import { createEpisodeAlertsRepository } from '../features/calendar/episode-alerts.repository';
import { createNotificationsRepository } from '../features/notifications/notifications.repository';
import { createNotificationsService } from '../features/notifications/notifications.service';
import { createSpoilersRepository } from '../features/spoilers/spoilers.repository';
import { createSpoilersService } from '../features/spoilers/spoilers.service';
import { createModerationRepository } from '../features/moderation/moderation.repository';
import { createModerationService } from '../features/moderation/moderation.service';
import { createTmdbClient } from '../features/watch/tmdb.client';
import { createWatchRepository } from '../features/watch/watch.repository';
import { createWatchService } from '../features/watch/watch.service';
import { nowIso } from '../lib/time';
import { createEventBus, type EventBus } from './events';
import { createUserErasure } from './erasure';
import { createAttemptCounter } from './attempts';
import { createLocalStorage } from './storage';
import { createS3Client, createS3Storage } from './storage-s3';
import { createPasswordGuard } from '../features/auth/password-guard';
import { createAccountRepository } from '../features/account/account.repository';
import { createAccountService } from '../features/account/account.service';
import { createJobs } from './jobs/jobs';
import { createMail } from './mail/mail';
import { createRedis } from './redis';
import { createRedisEventBridge } from './event-bridge';
import { silentLogger, type Logger } from './logger';
import { createUnitOfWork } from './unit-of-work';
import {
  importCatalog,
  importCatalogIfEmpty,
  type ImportOptions,
  type ImportResult,
} from '../features/catalog/catalog.importer';
import { indexMissingShows } from '../features/search/search-index';
import { migrateToLatest } from '../db/migrate';
import { underStartupLock } from '../db/startup';
import type { CatalogFile } from '../features/catalog/catalog.schema';
import { createRecommendationsRepository } from '../features/recommendations/recommendations.repository';
import { createRecommendationsService } from '../features/recommendations/recommendations.service';
import { seedDemoTastes, type DemoTasteOptions } from '../features/recommendations/demo-tastes';
import { seedDemoReviews, type DemoReviewOptions } from '../features/reviews/demo-data';

export type { Logger };
const silent: Logger = silentLogger;

export interface CreateServicesOptions {
  config: AppConfig;
  db: Db;
  log?: Logger;
}

/**
 * The composition root: every repository and service is built here, once, with its
 * collaborators. The HTTP server (app.ts), the CLIs, the bench and the tests all start from
 * this, so an entry point cannot forget a side effect another one performs. Side effects of a
 * change (re-deriving progress, cache invalidation, trending) hang off domain events here, not
 * off calls from one feature into another.
 */
export function createServices({ config, db, log = silent }: CreateServicesOptions) {
  const events: EventBus = createEventBus(log);
  // The one way to a transaction (ADR 141): retry before commit on a lost connection.
  const uow = createUnitOfWork(db, { log });
  // Steps that run when an account is deleted (platform/erasure.ts); features register theirs.
  const erasure = createUserErasure();
  const redis = createRedis(config, log);
  // Several servers: what one emits, the others' caches hear (platform/event-bridge.ts).
  const bridge = redis
    ? createRedisEventBridge({ redis, prefix: config.redisPrefix, events, log })
    : null;

  // Background work (ADR 050). Enqueueing works at once; handlers run once `jobs.start()` is
  // called, which the server does (server.ts) and tests and CLIs do only when they need it.
  const jobs = createJobs({ db, log, ...config.jobs });
  const mail = createMail({ config, jobs, log });

  // Account (issue 12): wrong-password and mail budgets (Redis or memory), uploaded files.
  const attempts = createAttemptCounter(redis, config.redisPrefix, log);
  const passwords = createPasswordGuard(attempts);
  // Shared files (ADR 140): avatars and pending import uploads in one S3-compatible bucket
  // (under avatars/ and imports/) when S3_BUCKET is set, else UPLOAD_DIR and IMPORT_DIR.
  const s3 = config.s3 ? createS3Client(config.s3) : null;
  const storage = s3 ? createS3Storage(s3, config.s3!) : createLocalStorage(config.uploadDir);
  const importFiles = s3
    ? createS3Storage(s3, { ...config.s3!, publicUrl: null }, { keyPrefix: 'imports/' })
    : createLocalStorage(config.importDir);
  // A deleted member's files: every avatar they uploaded (replaced ones a failed delete left
  // too) and uploads still waiting for an import job.
  erasure.registerFiles('avatars', (userId) => storage.deletePrefix(`avatars/${userId}/`));
  erasure.registerFiles('import-uploads', (userId) => importFiles.deletePrefix(`${userId}/`));
  const authRepo = createAuthRepository(db.kysely);
  const accountRepo = createAccountRepository(db.kysely);
  jobs.define('auth.delete-expired-sessions', async () => ({
    deleted: await authRepo.deleteExpiredSessions(nowIso()),
  }));
  jobs.schedule('auth.delete-expired-sessions', 3600);
  const auth = createAuthService({
    repo: authRepo,
    sessionTtlDays: config.sessionTtlDays,
    sessionMaxAgeDays: config.sessionMaxAgeDays,
    events,
    passwords,
    sessionCacheSeconds: config.sessionCacheSeconds,
    // A member's own record shows their pending e-mail change (ADR 152).
    pendingEmail: accountRepo.pendingEmail,
    passwordSignIn: config.passwordSignIn,
  });
  auth.subscribe();
  // Registering mails a link that creates the account (ADR 152): no address is revealed.
  const registration = createRegistration({
    repo: authRepo,
    uow,
    mail,
    attempts,
    events,
    auth,
    mailOutbox: !config.mail.smtpUrl,
    passwordSignIn: config.passwordSignIn,
  });
  // Second factors and passkeys (ADR 173): a right password of a member with 2FA on leaves a
  // challenge; the code or passkey that answers it signs in.
  const twoFactorRepo = createTwoFactorRepository(db.kysely);
  const twoFactor = createTwoFactor({
    repo: twoFactorRepo,
    uow,
    attempts,
    passwords,
    auth,
    issuer: `Series Tracker (${new URL(config.publicUrl).host})`,
  });
  auth.useSecondFactor((user, userAgent) => twoFactor.challengeFor(user, userAgent));
  const passkeys = createPasskeys({
    repo: twoFactorRepo,
    auth,
    twoFactor,
    userOf: (id) => authRepo.userById(id),
    publicUrl: config.publicUrl,
    rpName: 'Series Tracker',
  });
  // Single sign-on with an OpenID Provider (issue 28, ADR 174), when OIDC_ISSUER is set.
  const sso = createSsoService({
    settings: config.oidc,
    passwordSignIn: config.passwordSignIn,
    client: config.oidc
      ? createOidcClient(config.oidc, `${config.publicUrl}/api/auth/oidc/callback`)
      : null,
    repo: createSsoRepository(db.kysely),
    authRepo,
    auth,
    uow,
    events,
  });

  // Spoiler protection (issue 29, ADR 181): the one rule every episode-showing feature asks.
  const spoilers = createSpoilersService({ repo: createSpoilersRepository(db.kysely), events });
  const trackingRepo = createTrackingRepository(db.kysely, db.dialect);
  const tracking = createTrackingService({
    repo: trackingRepo,
    spoilers,
    uow,
    events,
    // Imports' plays go through tracking's write rule (plays, defined with people below).
    history: { applyHistory: (trx, input) => plays.applyHistory(trx, input) },
    // What a member tracks is brought up to date as they look at it (ADR 176); `metadata` is
    // built below, and refreshShowInBackground does nothing with METADATA_SYNC=off.
    onShowsListed: (showIds) => {
      for (const id of showIds) metadata.refreshShowInBackground(id);
    },
  });
  // Episode marks sent again by the web's offline queue apply once (ADR 162).
  const idempotency = createIdempotency(createIdempotencyRepository(db.kysely));

  const metadata = createMetadataService({
    db,
    uow,
    config,
    log,
    events,
    jobs,
    // One TVmaze budget (~20 calls per 10 s) for every app server when Redis is there.
    client: createTvmazeClient({
      baseUrl: config.tvmazeBaseUrl,
      limiter: redis
        ? createSharedTvmazeLimiter({ redis, key: `${config.redisPrefix}tvmaze:calls`, log })
        : createTokenBucket(),
    }),
    // Inside the write transaction: derived rows that must never disagree with the catalogue.
    onShowsChanged: async (trx, ids) => {
      await refreshDerivedShowData(trx, ids);
      // Episodes may have come or gone: every watcher's progress and next episode follow.
      await trackingRepo.rederiveShows(trx, ids);
    },
  });

  // The catalogue in bulk: TVmaze's show index (catalog:sync --all) and, on one server, the
  // daily updates feed (issue 18).
  const catalogIndex = createCatalogIndex({
    db,
    metadata,
    jobs,
    schedule: config.metadataSync,
    log,
  });

  const showsRepo = createShowsRepository(db.kysely);
  const shows = createShowsService({
    repo: showsRepo,
    // Opening a show page refreshes its TVmaze data in the background when older than a day.
    onShowViewed: (id) => metadata.refreshShowInBackground(id),
    // Members' average once three members rated the show, else the catalogue's (ADR 070).
    displayedRating: (id, catalogueRating) => reviews.displayedRating(id, catalogueRating),
  });
  const trending = createTrendingService({
    shows,
    sources: [(since) => trackingRepo.activitySince(since)],
  });
  const search = createSearchService({
    repo: createSearchRepository(db.kysely, db.dialect),
    shows,
    // A thin local answer asks TVmaze and adds what it knows (issue 18).
    remote: createRemoteSearch({ metadata, enabled: config.metadataSync }),
  });
  events.onEveryServer('catalog.refreshed', ({ added }) => {
    if (added?.length) search.forgetRankings();
  });
  // Every show someone touches gets its full episode list (issue 18): adding or tracking it,
  // marking an episode, reviewing it, putting it on a list. Opening its page does the same
  // (onShowViewed). Only shows not refreshed for a day are queued, one job per show.
  const touched = (showIds: number[]) => {
    for (const id of showIds) metadata.refreshShowInBackground(id);
  };
  events.on('tracking.changed', ({ showId, change }) => {
    if (change !== 'removed') touched([showId]);
  });
  events.on('episode.watched', ({ showId }) => touched([showId]));
  events.on('review.created', ({ showId }) => touched([showId]));
  events.on('list.created', ({ showIds }) => touched(showIds ?? []));
  events.on('list.updated', ({ showIds }) => touched(showIds ?? []));
  const episodesRepo = createEpisodesRepository(db.kysely);
  const jobsService = createJobsService({ jobs });
  // Account (issue 12): settings, password reset, email confirmation, sessions, deletion.
  const account = createAccountService({
    repo: accountRepo,
    uow,
    passwords,
    attempts,
    erasure,
    events,
    jobs,
    mail,
    storage,
    log,
    passwordSignIn: config.passwordSignIn,
  });
  // A deleted account's watchlist leaves shows.total_users exact (its rows cascade).
  erasure.register('tracking', (trx, userId) => trackingRepo.eraseUser(trx, userId));

  // Lists (issue 10): community lists, their items and followers.
  const listsRepo = createListsRepository(db.kysely, db.dialect);
  const lists = createListsService({
    repo: listsRepo,
    uow,
    events,
    // A member the owner blocks may not follow or copy their lists (ADR 151).
    blocks: (ownerId, userId) => socialRepo.blocks(ownerId, userId),
  });
  // A deleted member's follows leave the followers counts of others' lists; their lists go.
  erasure.register('lists', (trx, userId) => lists.erase(trx, userId));
  // Reviews, comments, likes, episode reviews (issue 9). Deleting an account removes what the
  // member wrote and liked here and puts the counters on others' reviews back to exact.
  const reviewsFeature = createReviewsFeature({
    db: db.kysely,
    dialect: db.dialect,
    uow,
    events,
    // People (ADR 090): a member the author blocks may not comment on their reviews.
    blocks: (authorId, userId) => socialRepo.blocks(authorId, userId),
  });
  const { reviews, comments, episodeReviews, likes } = reviewsFeature;
  // Season ratings (ADR 171): reviews' rule beside episode ratings.
  const seasonRatingsRepo = createSeasonRatingsRepository(db.kysely);
  const seasonRatings = createSeasonRatingsService({ repo: seasonRatingsRepo, uow, events });
  erasure.register('season-ratings', (trx, userId) => seasonRatingsRepo.eraseUser(trx, userId));
  erasure.register('reviews', async (trx, userId) => {
    await reviewsFeature.eraseUser(trx, userId);
  });
  const importsRepo = createImportsRepository(db.kysely);
  // imports: files from other trackers (a job), our own export, held episodes.
  const imports = createImportsService({
    // Every show of a file is written by tracking's rule: plays, item, status (issue 30).
    tracking,
    repo: importsRepo,
    uow,
    jobs,
    mail,
    log,
    importDir: config.importDir,
    importFiles,
    mailAfterMs: config.importMailAfterMs,
    ...(config.metadataSync
      ? {
          lookupShow: (ids) => metadata.lookupShow(ids),
          // Shows with only a title: TVmaze's search (cached, rate limited) then title + year.
          searchTitle: (title) => search.askRemote(title, 10_000),
        }
      : {}),
    // Lists and reviews in a file are written through those features' services.
    targets: createImportTargets({
      lists,
      reviews,
      episodeReviews,
      seasonRatings,
      social: { follow: (...args) => social.follow(...args) },
      people: { idByUsername: (username) => socialRepo.idByUsername(username) },
    }),
  });
  // Watches held for episodes not yet in the catalogue are marked when the episodes arrive.
  events.on('catalog.refreshed', ({ showIds }) => imports.releaseHeld(showIds));
  const exportRepo = createExportRepository(db.kysely);
  const exporter = createExportService({
    repo: exportRepo,
    sections: [
      // Whom the member follows (people, ADR 090), read back by the importer.
      { name: 'follows', rows: (userId) => socialRepo.exportFollowing(userId) },
      // Season ratings (ADR 171).
      { name: 'seasonRatings', rows: (userId) => exportRepo.seasonRatings(userId) },
    ],
  });
  // An account's imports and held watches go with it (no counters on other rows).
  erasure.register('imports', (trx, userId) => importsRepo.eraseUser(trx, userId));
  // People: follows, blocks, profiles, activity, statistics (ADR 090).
  const usersRepo = createUsersRepository(db.kysely, db.dialect);
  const socialRepo = createSocialRepository(db.kysely);
  const social = createSocialService({ repo: socialRepo, uow, users: usersRepo, events });
  // A member's public reviews and lists for statistics: one COUNT query (ADR 090).
  const contentCounts: ContentCounts = {
    publicContent: (userId) => usersRepo.publicContentCounts(userId),
  };
  const users = createUsersService({ repo: usersRepo, social: socialRepo });
  // Plays, rewatches and the diary (ADR 130); another member's diary follows their profile.
  const playsRepo = createPlaysRepository(db.kysely);
  const plays = createPlaysService({
    repo: playsRepo,
    tracking: trackingRepo,
    uow,
    events,
    profileDetails: (viewer, userId) => users.requireDetails(viewer, userId),
  });
  // Personal API tokens and media-server scrobbling (issue 22, ADR 161): plays from a media
  // server go through tracking's write rule (scrobble-play.ts).
  const apiTokens = createApiTokensService({
    repo: createApiTokensRepository(db.kysely),
    attempts,
  });
  // Tracking's rule for a play reported from elsewhere: media-server webhooks and Trakt scrobbles.
  const scrobblePlays = createScrobblePlays({
    plays,
    repo: playsRepo,
    uow,
    dialect: db.dialect,
    events,
  });
  const scrobble = createScrobbleService({
    repo: createScrobbleRepository(db.kysely),
    uow,
    plays: scrobblePlays,
  });
  // The Trakt-compatible API (issue 27, ADR 170): apps connected by OAuth, id lookups.
  const traktGrants = createTraktGrantsService({
    repo: createTraktGrantsRepository(db.kysely),
    attempts,
  });
  const traktRepo = createTraktRepository(db.kysely);
  // Trakt sync (ADR 171): reads of its own; plays through tracking's plays service, scores
  // through tracking, episode and season ratings through reviews; last-activity stamps
  // follow the domain events, whoever made the change.
  const traktSyncRepo = createTraktSyncRepository(db.kysely);
  const traktActivity = createTraktActivity({ repo: traktSyncRepo, events });
  traktActivity.subscribe();
  const traktSync = {
    activity: traktActivity,
    history: createTraktSyncHistory({
      repo: traktSyncRepo,
      trakt: traktRepo,
      plays,
      uow,
      events,
      activity: traktActivity,
    }),
    lists: createTraktSyncLists({
      repo: traktSyncRepo,
      trakt: traktRepo,
      tracking,
      episodeReviews,
      seasonRatings,
    }),
  };
  // Trakt scrobbles, checkins and playback progress (ADR 172): plays through scrobble-play.ts.
  const traktScrobble = createTraktScrobbleService({
    trakt: traktRepo,
    playback: createTraktPlaybackRepository(db.kysely),
    scrobblePlays,
    plays,
    rankShows: (title) => search.rankShows(title),
    uow,
  });
  // How apps get those grants: device codes (/activate) and the consent page (OAuth 2).
  const traktOAuth = createTraktOAuthService({
    repo: createTraktOAuthRepository(db.kysely),
    grants: traktGrants,
    publicUrl: config.publicUrl,
    deviceIntervalSeconds: config.trakt.deviceIntervalSeconds,
  });
  const activityRepo = createActivityRepository(db.kysely);
  const activity = createActivityService({ repo: activityRepo, uow, events });
  activity.subscribe();
  const statsRepo = createStatsRepository(db.kysely);
  const stats = createStatsService({
    repo: statsRepo,
    users,
    counts: contentCounts,
    // The calendar's saved zone is the member's one clock (ADR 176); `calendar` is built below.
    timeZoneOf: async (userId) => (await calendar.settings(userId)).timeZone,
  });
  // Year in review (issue 29, ADR 180): on the same clock as the statistics.
  const yearReview = createYearReviewService({
    repo: createYearReviewRepository(db.kysely),
    users: usersRepo,
    blocks: (blocker, blocked) => socialRepo.blocks(blocker, blocked),
    timeZoneOf: async (userId) => (await calendar.settings(userId)).timeZone,
  });
  // Follower counts are counted from rows, so removing the rows is the whole fix.
  erasure.register('social', (trx, userId) => socialRepo.eraseUser(trx, userId));
  erasure.register('activity', (trx, userId) => activityRepo.eraseUser(trx, userId));

  // Operators' tools (CLIs, bench): the catalogue snapshot import and demo data.
  const catalog = {
    /**
     * A snapshot upserted from a CLI: `catalog.refreshed` follows the commit like a sync's, so
     * held imported watches of these shows are attached and caches and rankings follow.
     */
    async import(file: CatalogFile, options?: ImportOptions) {
      const result = await importCatalog(db, file, options);
      const added = new Set(result.addedIds);
      for (let i = 0; i < result.showIds.length; i += 1000) {
        const showIds = result.showIds.slice(i, i + 1000);
        const fresh = showIds.filter((id) => added.has(id));
        await events.emit('catalog.refreshed', {
          showIds,
          source: 'import',
          ...(fresh.length ? { added: fresh } : {}),
        });
      }
      return result;
    },
  };
  const demoData = {
    seedReviews: (options: DemoReviewOptions) => seedDemoReviews(db, options),
    /** Members whose tastes cluster by genre, tracking and scoring shows (ADR 183). */
    seedTastes: (options: DemoTasteOptions) => seedDemoTastes(db, options),
  };
  // Calendar, iCal feed, new-episode alerts and the bell (issue 22, ADR 160). Notifications
  // hang off domain events; the alert job (one server per interval) rings the bell for aired
  // episodes and mails members who asked for it.
  const calendar = createCalendarService({
    repo: createCalendarRepository(db.kysely),
    publicUrl: config.publicUrl,
    spoilers,
    events,
  });
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(db.kysely),
    events,
    spoilers,
  });
  notifications.subscribe();
  const alerts = createEpisodeAlerts({
    repo: createEpisodeAlertsRepository(db.kysely),
    jobs,
    mail,
    spoilers,
    digestHour: config.alerts.digestHour,
    checkSeconds: config.alerts.checkSeconds,
    notifyAired: async (items) => {
      await notifications.episodesAired(items);
    },
  });
  alerts.register();
  // Trakt-compatible reads (ADR 172): the catalogue, progress, search, calendar, settings, stats.
  const traktCatalogue = createTraktCatalogueRepository(db.kysely);
  const traktReads = createTraktReadsService({
    trakt: traktRepo,
    catalogue: traktCatalogue,
    shows,
    tracking,
    search,
  });
  const traktUsers = createTraktUsersService({
    catalogue: traktCatalogue,
    calendar,
    users,
    stats,
    publicUrl: config.publicUrl,
  });
  // Moderation (issue 21, ADR 151): reports, the queue, actions, suspensions, the audit log.
  const moderation = createModerationService({
    repo: createModerationRepository(db.kysely),
    uow,
    events,
    mail,
    // Marks and counters through the features that own the things (ADR 184).
    owners: { ...reviewsFeature.moderation.marks, list: listsRepo },
    counters: reviewsFeature.moderation,
  });
  moderation.subscribe();
  // Where to watch (issue 29, ADR 182): networks and web channels always; TMDB's watch
  // providers, cached and refreshed by jobs, with TMDB_API_KEY.
  const watch = createWatchService({
    repo: createWatchRepository(db.kysely),
    uow,
    jobs,
    tmdb: config.tmdb ? createTmdbClient(config.tmdb) : null,
    log,
  });
  watch.register();

  // Recommendations for you (issue 29, ADR 183): a scheduled job computes similarities and
  // picks into tables; tracking changes refresh one member's picks.
  const recommendations = createRecommendationsService({
    repo: createRecommendationsRepository(db.kysely),
    uow,
    jobs,
    events,
    shows,
    rebuildSeconds: config.recommendationsRebuildSeconds,
  });
  recommendations.register();

  return {
    watch,
    recommendations,
    config,
    db,
    uow,
    catalog,
    demoData,
    calendar,
    notifications,
    alerts,
    spoilers,
    log,
    events,
    erasure,
    redis,
    authRepo,
    auth,
    registration,
    twoFactor,
    passkeys,
    sso,
    tracking,
    idempotency,
    plays,
    apiTokens,
    scrobble,
    scrobblePlays,
    traktGrants,
    traktRepo,
    traktSync,
    seasonRatings,
    yearReview,
    traktScrobble,
    traktReads,
    traktUsers,
    traktOAuth,
    metadata,
    catalogIndex,
    shows,
    trending,
    search,
    episodesRepo,
    jobs,
    jobsService,
    mail,
    lists,
    reviews,
    comments,
    episodeReviews,
    likes,
    storage,
    importFiles,
    account,
    imports,
    exporter,
    social,
    users,
    activity,
    stats,
    statsRepo,
    moderation,
    /**
     * Stops background work: running jobs stop at a safe point and run again after the next
     * start. The database stays open (its owner closes it).
     */
    async close() {
      await metadata.flush();
      // Inside the server's 10 s shutdown budget (server.ts).
      await jobs.stop({ timeoutMs: 7_000 });
      mail.close();
      await bridge?.close();
      await redis?.quit().catch(() => undefined);
      s3?.destroy();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** What `prepareDatabase` did, for the server's log. */
export interface Prepared {
  migrated: string[];
  imported: ImportResult | null;
  indexed: number;
}

/**
 * What a server does to its database before it serves (issue 20): migrations, the first-start
 * catalogue import, the search index of shows imported before it existed; once across servers
 * (db/startup.ts holds the lock, this names the work, so db/ knows no feature).
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<AppConfig, 'catalogAutoImport' | 'catalogFile'>,
  log: Pick<Logger, 'info'>,
): Promise<Prepared> {
  return underStartupLock(db, async () => {
    const migrated = await migrateToLatest(db);
    const imported = config.catalogAutoImport
      ? await importCatalogIfEmpty(db, config.catalogFile, log)
      : null;
    const indexed = await indexMissingShows(db.kysely);
    return { migrated, imported, indexed };
  });
}

/**
 * The catalogue snapshot file and its raw import, for tools that load a database before any
 * app exists (the bench): they reach features through this root only.
 */
export { importCatalog, readCatalogFile } from '../features/catalog/catalog.importer';
