import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { importSources, type ImportSource } from '@series-tracker/contracts';
import { exitWithMessage, withServices } from './run';

/**
 * `npm run import -- --user <username> [--source trakt|tvtime|mal|imdb|simkl|series-tracker] <file>`:
 * imports a file into a member's account, here and now, with a progress bar (admins, bench).
 * The import is recorded like an upload, so the member sees its report.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { user: { type: 'string' }, source: { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!values.user || !file) {
    console.error('Usage: npm run import -- --user <username> [--source <source>] <file>');
    process.exit(2);
  }
  if (values.source && !(importSources as readonly string[]).includes(values.source)) {
    console.error(`--source must be one of ${importSources.join(', ')}`);
    process.exit(2);
  }
  const username = values.user;
  await withServices(async ({ db, services }) => {
    const user = await services.users.byUsername(username);
    if (!user) throw new Error(`No member is called ${username}`);
    const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const bar = new cliProgress.SingleBar(
      { format: '{step} [{bar}] {value}/{total} | {duration}s', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { step: 'Reading the file' });
    const started = Date.now();
    const result = await services.imports.importNow(
      user.id,
      target,
      (values.source as ImportSource | undefined) ?? null,
      (done, total, message) => {
        bar.setTotal(Math.max(total, 1));
        bar.update(done, { step: message });
      },
    );
    bar.stop();
    if (result.error) throw new Error(`Import failed: ${result.error}`);
    const r = result.report!;
    const skipped = Object.entries(r.skipped)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${db.dialect} for ${user.username}: ` +
        `shows ${r.shows.matched} matched, ${r.shows.added} added, ${r.shows.unmatched} unmatched; ` +
        `episodes ${r.episodes.marked} marked, ${r.episodes.alreadyWatched} already watched, ` +
        `${r.episodes.held} held, ${r.episodes.unmatched} unmatched; ratings ${r.ratings}, ` +
        `watchlist ${r.watchlist}, favourites ${r.favorites}, lists ${r.lists}, reviews ${r.reviews}` +
        (skipped ? `; skipped: ${skipped}` : '') +
        `. Report: /settings/import?import=${result.importId}`,
    );
  });
}

main().catch(exitWithMessage);
