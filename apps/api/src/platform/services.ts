import type { AppConfig } from '../config';
import type { Db } from '../db/connection';
import { silentLogger, type Logger } from './logger';
import { wireCalendar, wireNotifications } from './composition/calendar';
import { wireCatalogue } from './composition/catalogue';
import { wireCommunity, wireModeration } from './composition/community';
import { wireDiscovery } from './composition/discovery';
import { wireAccount, wireIdentity } from './composition/identity';
import { wireInfrastructure } from './composition/infrastructure';
import { wireOperators } from './composition/operators';
import { wireActivity, wirePeople } from './composition/people';
import { wireSubscriptions } from './composition/subscriptions';
import { wireImports, wirePlays, wireTracking } from './composition/tracking';
import { wireTrakt, wireTraktReads } from './composition/trakt';

export type { Logger };
export { prepareDatabase, type Prepared } from './composition/operators';

export interface CreateServicesOptions {
  config: AppConfig;
  db: Db;
  log?: Logger;
}

/**
 * The composition root: every repository and service is built here, once, with its
 * collaborators. The HTTP server (app.ts), the CLIs, the bench and the tests all start from
 * this, so an entry point cannot forget a side effect another one performs. Side effects of a
 * change (re-deriving progress, cache invalidation, trending) hang off domain events, not off
 * calls from one feature into another. Each area is wired in `composition/` (ADR 184).
 *
 * The order below is behaviour: handlers of one event run in the order they subscribed,
 * erasure steps in the order they registered, schedules in the order they were defined. A
 * service built later is reached through a function read when called (`() => reviews`).
 */
export function createServices({ config, db, log = silentLogger }: CreateServicesOptions) {
  const infra = wireInfrastructure({ config, db, log });
  const people = wirePeople(infra);
  const identity = wireIdentity(infra);
  const { spoilers, calendar } = wireCalendar(infra);
  const trackingArea = wireTracking(infra, {
    spoilers,
    metadata: () => catalogue.metadata,
    plays: () => playsArea.plays,
  });
  const { trackingRepo, tracking } = trackingArea;
  const catalogue = wireCatalogue(infra, { trackingRepo, reviews: () => community.reviews });
  const { metadata, shows, search } = catalogue;
  const account = wireAccount(infra, identity);
  const community = wireCommunity(infra, people);
  const playsArea = wirePlays(infra, { trackingRepo, users: people.users });
  const importsArea = wireImports(infra, {
    ...people,
    ...community,
    tracking,
    metadata,
    search,
  });
  wireSubscriptions(infra, { metadata, search, imports: importsArea.imports });
  const trakt = wireTrakt(infra, { ...playsArea, ...community, tracking, search });
  const activity = wireActivity(infra, { ...people, calendar });
  const operators = wireOperators(infra);
  const notifications = wireNotifications(infra, { spoilers });
  const traktReads = wireTraktReads(infra, {
    ...people,
    ...activity,
    traktRepo: trakt.traktRepo,
    shows,
    tracking,
    search,
    calendar,
  });
  const { moderation } = wireModeration(infra, community);
  const discovery = wireDiscovery(infra, { shows });

  const { events, uow, erasure, redis, jobs, mail, storage, importFiles, bridge, s3 } = infra;
  return {
    ...discovery,
    config,
    db,
    uow,
    ...operators,
    calendar,
    ...notifications,
    spoilers,
    log,
    events,
    erasure,
    redis,
    authRepo: identity.authRepo,
    auth: identity.auth,
    registration: identity.registration,
    twoFactor: identity.twoFactor,
    passkeys: identity.passkeys,
    sso: identity.sso,
    tracking,
    idempotency: trackingArea.idempotency,
    ...playsArea,
    ...account,
    ...trakt,
    ...traktReads,
    ...catalogue,
    jobs,
    mail,
    ...community,
    storage,
    importFiles,
    ...importsArea,
    social: people.social,
    users: people.users,
    ...activity,
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

/**
 * The catalogue snapshot file and its raw import, for tools that load a database before any
 * app exists (the bench): they reach features through this root only.
 */
export { importCatalog, readCatalogFile } from '../features/catalog/catalog.importer';
