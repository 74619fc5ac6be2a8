import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { Services } from '../platform/services';
import { exitWithMessage, withServices } from './run';

/**
 * `npm run catalog:sync [-- --limit N]`: refresh up to N stale TVmaze shows (default 50) and
 * today's schedule from TVmaze into DATABASE_URL.
 * `npm run catalog:sync -- --all [--restart]`: every show in TVmaze's show index (records,
 * not episodes), page by page with a progress bar; killed, it resumes where it stopped.
 * `npm run catalog:sync -- --updates [day|week|month]`: what the daily job does, now.
 * Offline it says so in one line and exits 0: the catalogue simply stays as it is.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string', default: '50' },
      all: { type: 'boolean', default: false },
      restart: { type: 'boolean', default: false },
      updates: { type: 'string' },
    },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 0)
    throw new Error(`--limit must be a whole number, got "${values.limit}"`);
  if (values.updates && !['day', 'week', 'month'].includes(values.updates))
    throw new Error(`--updates must be day, week or month, got "${values.updates}"`);

  // The same wiring as the server: watchers' progress is re-derived and events published.
  await withServices(async ({ config, services }) => {
    const offline = () =>
      console.log(
        `TVmaze is not reachable (${config.tvmazeBaseUrl}); the catalogue was left as it is.`,
      );
    if (values.all) await syncAll(services, values.restart, offline);
    else if (values.updates) {
      // Refreshes are queued as jobs: this process runs them before it exits.
      await services.jobs.start();
      const r = await services.catalogIndex.applyUpdates(
        values.updates as 'day' | 'week' | 'month',
      );
      if (r.offline) return offline();
      console.log(`TVmaze changed ${r.reported} show(s); ${r.stale} of ours were older.`);
      console.log(`Refreshing ${r.queued} show(s)...`);
      await services.metadata.idle();
      console.log('Done.');
    } else await syncStale(services, limit, offline);
  });
}

async function syncAll(services: Services, restart: boolean, offline: () => void) {
  const bar = new cliProgress.SingleBar(
    {
      format:
        'TVmaze show index [{bar}] {percentage}% | page {value}/{total} | {added} new, {updated} updated | {duration}s',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const controller = new AbortController();
  // Ctrl-C finishes the page under way; the next run starts after it.
  process.once('SIGINT', () => controller.abort());
  let started = false;
  const from = restart ? 0 : await services.catalogIndex.readCursor();
  if (from > 0) console.log(`Resuming at page ${from} (--restart starts over).`);
  console.log('Finding the end of the index...');
  const result = await services.catalogIndex.syncIndex({
    restart,
    signal: controller.signal,
    onProgress(p) {
      const payload = { added: p.added, updated: p.updated };
      if (!started) bar.start(p.lastPage + 1, p.page, payload);
      started = true;
      bar.update(p.page, payload);
    },
  });
  if (started) bar.stop();
  if (result.offline) return offline();
  console.log(
    `${result.done ? 'Index read' : 'Stopped'}: pages ${result.startedAt}–${result.page - 1}, ` +
      `${result.added} show(s) added, ${result.updated} updated.` +
      (result.done ? '' : ' Run it again to go on.'),
  );
}

async function syncStale(services: Services, limit: number, offline: () => void) {
  const bar = new cliProgress.SingleBar(
    {
      format: 'Syncing from TVmaze [{bar}] {percentage}% | {value}/{total} | {duration}s',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const result = await services.metadata.syncStale({
    limit,
    onProgress(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
  });
  if (started) bar.stop();
  if (result.offline) return offline();
  const s = result.schedule;
  console.log(
    `Refreshed ${result.refreshed} show(s)${result.failed ? `, ${result.failed} failed` : ''}; ` +
      (s
        ? `schedule ${s.date}: shows ${s.shows.inserted} new, ${s.shows.updated} updated; ` +
          `episodes ${s.episodes.inserted} new, ${s.episodes.updated} updated.`
        : 'no schedule.'),
  );
}

main().catch(exitWithMessage);
