import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { prepareDatabase } from './platform/services';

async function main() {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  // Migrations and the first-start catalogue import, once across servers (prepareDatabase in
  // platform/services.ts, under db/startup.ts's lock).
  // Its log lines wait for the app's logger (built on the migrated database).
  const early: [object, string | undefined][] = [];
  const prepared = await prepareDatabase(db, config, {
    info: (obj, msg) => early.push([obj, msg]),
  });
  const app = await buildApp({ config, db });
  for (const [obj, msg] of early) app.log.info(obj, msg);
  if (prepared.migrated.length) app.log.info({ applied: prepared.migrated }, 'database migrated');
  if (prepared.imported) app.log.info(prepared.imported, 'catalogue imported on first start');
  if (prepared.indexed)
    app.log.info(
      { indexed: prepared.indexed },
      'search index filled for shows imported before it existed',
    );

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
