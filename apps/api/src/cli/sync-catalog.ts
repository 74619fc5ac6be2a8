import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { connect } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createServices } from '../platform/services';

/**
 * `npm run catalog:sync [-- --limit N]`: refresh up to N stale TVmaze shows (default 50) and
 * today's schedule from TVmaze into DATABASE_URL. Offline it says so in one line and exits 0:
 * the catalogue simply stays as it is.
 */
async function main() {
  const { values } = parseArgs({ options: { limit: { type: 'string', default: '50' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 0)
    throw new Error(`--limit must be a whole number, got "${values.limit}"`);

  const config = loadConfig();
  const db = connect(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const bar = new cliProgress.SingleBar(
      {
        format: 'Syncing from TVmaze [{bar}] {percentage}% | {value}/{total} | {duration}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    // The same wiring as the server: watchers' progress is re-derived and events published.
    const services = createServices({ config, db });
    const service = services.metadata;
    const result = await service.syncStale({
      limit,
      onProgress(done, total) {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      },
    });
    if (started) bar.stop();
    if (result.offline) {
      console.log(
        `TVmaze is not reachable (${config.tvmazeBaseUrl}); the catalogue was left as it is.`,
      );
      return;
    }
    const s = result.schedule;
    console.log(
      `Refreshed ${result.refreshed} show(s)${result.failed ? `, ${result.failed} failed` : ''}; ` +
        (s
          ? `schedule ${s.date}: shows ${s.shows.inserted} new, ${s.shows.updated} updated; ` +
            `episodes ${s.episodes.inserted} new, ${s.episodes.updated} updated.`
          : 'no schedule.'),
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
