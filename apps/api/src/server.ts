import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { importCatalogIfEmpty } from './features/catalog/catalog.importer';
import { indexMissingShows } from './features/search/search-index';

async function main() {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ applied }, 'database migrated');

  if (config.catalogAutoImport) {
    const result = await importCatalogIfEmpty(db, config.catalogFile, app.log);
    if (result) app.log.info(result, 'catalogue imported on first start');
  }
  const indexed = await indexMissingShows(db.kysely);
  if (indexed)
    app.log.info({ indexed }, 'search index filled for shows imported before it existed');

  // Background jobs (TVmaze refreshes, mail, cleanups) run in this process from here on;
  // app.close() stops them at a safe point and they resume on the next start.
  await app.services.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000 + config.drainMs);
    timer.unref();
    try {
      // Draining: /api/ready answers 503 so the load balancer stops sending traffic, while
      // this server still answers what it is sent; then it stops listening, finishes the
      // requests in flight, hands running jobs back (they resume on another server) and exits.
      app.lifecycle.draining = true;
      if (config.drainMs) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Series Tracker on ${config.publicUrl} (database: ${db.dialect})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
