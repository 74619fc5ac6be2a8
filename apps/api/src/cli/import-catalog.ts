import path from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { readCatalogFile } from '../features/catalog/catalog.importer';
import { exitWithMessage, withServices } from './run';

/** `npm run catalog:import [-- FILE]`: upsert a catalogue snapshot into DATABASE_URL. */
async function main() {
  const config = loadConfig();
  const arg = process.argv[2];
  const file = arg ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : config.catalogFile;
  // The same wiring as the server (ADR 010).
  await withServices(async ({ db, services }) => {
    console.log(`Reading ${file}`);
    const catalog = readCatalogFile(file);
    const bar = new cliProgress.SingleBar(
      {
        format: 'Importing shows [{bar}] {percentage}% | {value}/{total} | {duration}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(catalog.shows.length, 0);
    const result = await services.catalog.import(catalog, {
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    const s = result.shows;
    const e = result.episodes;
    console.log(
      `Done in ${(result.ms / 1000).toFixed(1)} s on ${db.dialect}: ` +
        `shows ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged; ` +
        `episodes ${e.inserted} new, ${e.updated} updated, ${e.unchanged} unchanged; ${result.genres} genres.`,
    );
  });
}

main().catch(exitWithMessage);
