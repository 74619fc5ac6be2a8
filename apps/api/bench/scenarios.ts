import path from 'node:path';
import { buildApp } from '../src/app';
import { repoRoot } from '../src/config';
import type { Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { importCatalog, readCatalogFile } from '../src/platform/services';
import { benchCalendar } from './calendar';
import { benchCatalogue, hotEndpoints, popularShowIds, QUERIES } from './catalogue';
import { benchLists, benchReviews } from './community';
import { benchImport } from './imports';
import { ITER, load, only, quick, responseCache } from './options';
import { benchPeople } from './people';
import { benchReach } from './reach';
import { benchRecommendations } from './recommendations';
import { seedLists } from './seed-lists';
import { benchConfig, startServer } from './server';
import { benchTracking } from './tracking';
import { benchTrakt } from './trakt';
import { benchYearReview } from './year-review';
import type { App } from './timing';

type Config = Parameters<typeof buildApp>[0]['config'];

/** Every scenario on one database (or the one `--only` names), filled from the bundled catalogue. */
export async function benchOn(db: Db, label: string) {
  console.log(`\n== ${label}`);
  const migrated = performance.now();
  await migrateToLatest(db);
  const catalog = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
  const imported = await importCatalog(db, catalog);
  console.log(
    `  migrate + import of ${catalog.shows.length} shows: ${((performance.now() - migrated) / 1000).toFixed(1)} s (import ${imported.ms} ms)`,
  );
  if (only === 'recommendations') {
    // --only recommendations: issue 29's held-out evaluation (hit-rate@10, coverage; ADR 183).
    const app = await buildApp({ config: benchConfig(), db });
    await app.ready();
    await benchRecommendations(db, app.services, quick ? 800 : 2000);
    await app.close();
    return;
  }
  const { bigListId, ms: listsMs } = await seedLists(db);
  console.log(`  seeded 10,000 lists and a 1,000-item ranked list: ${listsMs} ms`);

  const config = { ...benchConfig(), responseCache };
  const app = await buildApp({ config, db });
  await app.ready();
  if (only && (await benchOnly(only, { app, db, config, label }))) return;

  const ids = await popularShowIds(db);
  const queries = QUERIES;
  await benchCatalogue(app, ids, queries);
  await benchTracking(app, db);
  const reviewUrls = await benchReviews(app, db);
  await benchLists(app, bigListId);
  const people = await benchPeople(app, db);
  await app.close();

  // A fresh app, so every URL of the table starts as a cache miss.
  const listening = await startServer(config, db);
  const { server } = listening;
  // Hello-world again, right before this table: the machine's load drifts over a run.
  const helloBefore = await load.helloWorld();
  const rows = await load.measure(server, listening.base, [
    ...hotEndpoints(ids, queries, bigListId),
    ...reviewUrls,
  ]);
  // People (issue 11): a signed-in member's home feed (1,000 follows, 1,000,000 activity rows)
  // and a profile page, kept per viewer until an event changes them (ADR 091): the miss
  // columns are each URL's first request for this member.
  rows.push(...(await load.measure(server, listening.base, people.endpoints, people.headers)));
  const hello = load.helloBetween(helloBefore, await load.helloWorld());
  load.printTable(label, hello, rows);
  // Issue 22: the iCal feed of a member with 500 tracked shows.
  await benchCalendar(server, db, ITER / 10);
  // Issue 27: a Trakt app syncing 10,000 plays at once, and watched shows of 20,000 plays.
  await benchTrakt(server, db, ITER / 50);
  // Issue 13: a ten-year Trakt export imported (time and peak memory).
  await benchImport(db, server.services);
  await server.close();
  // Issue 18: a search that reaches TVmaze (stand-in), and the local answer while it is down.
  await benchReach(db, config);
}

/**
 * One scenario alone (`--only NAME`) on the app that benchOn built; closes it. False when the
 * name is none of these (the full run goes on).
 */
async function benchOnly(
  name: string,
  { app, db, config, label }: { app: App; db: Db; config: Config; label: string },
): Promise<boolean> {
  switch (name) {
    case 'imports':
      await benchImport(db, app.services);
      await app.close();
      return true;
    case 'calendar':
      // --only calendar: issue 22's iCal feed and calendar month of a member with 500 shows.
      await benchCalendar(app, db, quick ? 30 : 100);
      await app.close();
      return true;
    case 'trakt':
      // --only trakt: issue 27's Trakt sync: 10,000 plays in one POST, watched shows of 20,000.
      await benchTrakt(app, db, quick ? 10 : 30);
      await app.close();
      return true;
    case 'year':
      // --only year: issue 29's year in review of a member with 60,000 plays over 12 years.
      await benchYearReview(app, db, quick ? 20 : 50);
      await app.close();
      return true;
    case 'reach':
      // --only reach: issue 18's search that reaches TVmaze (a stand-in with a delay).
      await app.close();
      await benchReach(db, config);
      return true;
    case 'people': {
      // --only people: just issue 11's signed-in feed and profile, timed and loaded.
      const people = await benchPeople(app, db);
      await app.close();
      // A fresh app, so each URL's first request is a miss of the per-viewer cache (ADR 091).
      const listening = await startServer(config, db);
      const hello = await load.helloWorld();
      const rows = await load.measure(
        listening.server,
        listening.base,
        people.endpoints,
        people.headers,
      );
      load.printTable(label, hello, rows);
      await listening.server.close();
      return true;
    }
    default:
      return false;
  }
}
