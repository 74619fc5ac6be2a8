import { createExportRepository } from '../../features/imports/export.repository';
import { createExportService } from '../../features/imports/export.service';
import { createImportTargets } from '../../features/imports/import-targets';
import { createImportsRepository } from '../../features/imports/imports.repository';
import { createImportsService } from '../../features/imports/imports.service';
import type { MetadataService } from '../../features/metadata/metadata.service';
import { createScrobbleRepository } from '../../features/scrobble/scrobble.repository';
import { createScrobbleService } from '../../features/scrobble/scrobble.service';
import type { SearchService } from '../../features/search/search.service';
import type { SpoilersService } from '../../features/spoilers/spoilers.service';
import { createPlaysRepository } from '../../features/tracking/plays.repository';
import { createPlaysService, type PlaysService } from '../../features/tracking/plays.service';
import { createScrobblePlays } from '../../features/tracking/scrobble-play';
import { createTrackingRepository } from '../../features/tracking/tracking.repository';
import { createTrackingService } from '../../features/tracking/tracking.service';
import { createIdempotency } from '../idempotency';
import { createIdempotencyRepository } from '../idempotency.repository';
import type { Infrastructure } from './infrastructure';
import type { wireCommunity } from './community';
import type { wirePeople } from './people';

/** The watchlist: tracked shows and episode marks (tracking's write rule). */
export function wireTracking(
  { db, uow, events, erasure }: Infrastructure,
  {
    spoilers,
    metadata,
    plays,
  }: {
    spoilers: SpoilersService;
    /** Built after tracking (the catalogue re-derives tracking's rows); read when called. */
    metadata: () => MetadataService;
    /** Built after tracking (plays re-derive tracking's items); read when called. */
    plays: () => PlaysService;
  },
) {
  const trackingRepo = createTrackingRepository(db.kysely, db.dialect);
  const tracking = createTrackingService({
    repo: trackingRepo,
    spoilers,
    uow,
    events,
    // Imports' plays go through tracking's write rule (issue 30).
    history: { applyHistory: (trx, input) => plays().applyHistory(trx, input) },
    // What a member tracks is brought up to date as they look at it (ADR 176);
    // refreshShowInBackground does nothing with METADATA_SYNC=off.
    onShowsListed: (showIds) => {
      for (const id of showIds) metadata().refreshShowInBackground(id);
    },
  });
  // Episode marks sent again by the web's offline queue apply once (ADR 162).
  const idempotency = createIdempotency(createIdempotencyRepository(db.kysely));
  // A deleted account's watchlist leaves shows.total_users exact (its rows cascade).
  erasure.register('tracking', (trx, userId) => trackingRepo.eraseUser(trx, userId));
  return { trackingRepo, tracking, idempotency };
}

/** Plays, rewatches and the diary; plays reported from media servers (scrobbles). */
export function wirePlays(
  { db, uow, events }: Infrastructure,
  {
    trackingRepo,
    users,
  }: Pick<ReturnType<typeof wireTracking>, 'trackingRepo'> &
    Pick<ReturnType<typeof wirePeople>, 'users'>,
) {
  // Plays, rewatches and the diary (ADR 130); another member's diary follows their profile.
  const playsRepo = createPlaysRepository(db.kysely);
  const plays = createPlaysService({
    repo: playsRepo,
    tracking: trackingRepo,
    uow,
    events,
    profileDetails: (viewer, userId) => users.requireDetails(viewer, userId),
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
  return { plays, scrobblePlays, scrobble };
}

/** Files from other trackers (a job), our own export, held episodes. */
export function wireImports(
  { config, db, uow, jobs, mail, log, importFiles, erasure }: Infrastructure,
  {
    tracking,
    metadata,
    search,
    lists,
    reviews,
    episodeReviews,
    seasonRatings,
    social,
    socialRepo,
  }: Pick<ReturnType<typeof wireTracking>, 'tracking'> &
    ReturnType<typeof wireCommunity> &
    Pick<ReturnType<typeof wirePeople>, 'social' | 'socialRepo'> & {
      metadata: MetadataService;
      search: SearchService;
    },
) {
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
  return { imports, exporter };
}
