import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { repoRoot } from '../config';
import { readCatalogFile } from '../features/catalog/catalog.importer';
import { foldTvmazeExtra, type RawCatalog, type RawShow } from '../features/catalog/tvmaze-extra';

/**
 * `npm run catalog:fold-extra -- DIR [--catalog FILE] [--out FILE]`: folds the raw TVmaze
 * records in DIR (shared/data/tvmaze-extra/, provenance in its SOURCES.json) into the bundled
 * catalogue and writes it back (ADR 120). Re-running on its own output changes only
 * `generatedAt`. Counts in `stats` follow the new content.
 */

type Stats = Record<string, unknown>;
const share = (shows: RawShow[], has: (s: RawShow) => unknown) =>
  shows.length ? Math.round((shows.filter((s) => has(s)).length / shows.length) * 1000) / 10 : 0;
const range = (values: (string | null)[]): [string | null, string | null] => {
  const sorted = values.filter((v): v is string => !!v).sort();
  return [sorted[0] ?? null, sorted.at(-1) ?? null];
};

/** The figures `stats.all` / `stats.tvmaze` carry (same keys as the catalogue build's). */
function figures(shows: RawShow[]): Stats {
  const status: Record<string, number> = {};
  for (const s of shows) status[s.status] = (status[s.status] ?? 0) + 1;
  const episodes = shows.flatMap((s) => s.episodes);
  const lastDates = shows.map((s) => s.lastAirDate);
  const epRange = range(episodes.map((e) => e.airDate));
  return {
    shows: shows.length,
    episodes: episodes.length,
    showsWithEpisodes: shows.filter((s) => s.episodes.length).length,
    showsWithCompleteEpisodeLists: shows.filter((s) => s.episodesComplete).length,
    status,
    posterShare: share(shows, (s) => s.posterUrl),
    synopsisShare: share(shows, (s) => s.synopsis),
    genresShare: share(shows, (s) => s.genres.length),
    ratingShare: share(shows, (s) => s.rating),
    firstAirDateRange: range(shows.map((s) => s.firstAirDate)),
    episodeAirDateRange: epRange,
    latestShowLastAirDate: range(lastDates)[1],
    latestAnyDate: range([...lastDates, ...shows.map((s) => s.firstAirDate), epRange[1]])[1],
  };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { catalog: { type: 'string' }, out: { type: 'string' } },
  });
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (positionals.length !== 1) {
    console.error('usage: npm run catalog:fold-extra -- DIR [--catalog FILE] [--out FILE]');
    process.exit(2);
  }
  const dir = path.resolve(cwd, positionals[0]!);
  const catalogFile = path.resolve(
    cwd,
    values.catalog ?? path.join(repoRoot, 'data/catalog.json.gz'),
  );
  const out = path.resolve(cwd, values.out ?? catalogFile);

  // Read as plain JSON so every key the importer does not use (source, stats, notes) survives.
  const catalog = JSON.parse(
    gunzipSync(fs.readFileSync(catalogFile)).toString('utf8'),
  ) as RawCatalog;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'SOURCES.json')
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
  const { catalog: folded, report } = foldTvmazeExtra(catalog, files);

  const sources = JSON.parse(fs.readFileSync(path.join(dir, 'SOURCES.json'), 'utf8')) as {
    files: { repo: string; commit: string; path: string }[];
  };
  const tvmazeSource = folded.source.find((s) => s.id === 'tvmaze')!;
  for (const f of sources.files) {
    const entry = `github:${f.repo}@${f.commit} ${f.path}`;
    if (!tvmazeSource.retrievedVia.includes(entry)) tvmazeSource.retrievedVia.push(entry);
  }
  const note =
    'TVmaze records of shared/data/tvmaze-extra/ (show objects as of 2020-04 and 2021-03, The Fosters’ full episode list) were folded in by apps/api/src/cli/fold-tvmaze-extra.ts: upsert by TVmaze id, the newer record wins.';
  if (!folded.notes.includes(note)) folded.notes.push(note);
  const tvmaze = folded.shows.filter((s) => s.source === 'tvmaze');
  const byKind: Record<string, number> = {};
  for (const s of folded.shows) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
  folded.stats = {
    ...folded.stats,
    all: figures(folded.shows),
    tvmaze: figures(tvmaze),
    byKind,
  };
  folded.generatedAt = new Date().toISOString();

  fs.writeFileSync(out, gzipSync(JSON.stringify(folded), { level: 9 }));
  const check = readCatalogFile(out);
  console.log(
    `${path.relative(cwd, out)}: ${check.shows.length} shows (${report.added.length} added, ` +
      `${report.replaced.length} replaced by a newer record, ${report.keptNewer.length} kept as newer); ` +
      `episode lists: ${report.episodeLists.map((l) => `${l.show} ${l.episodes} ${l.complete ? 'complete' : `not complete (${l.reason})`}`).join('; ') || 'none'}`,
  );
}

main();
