/**
 * Screenshots of the Import & export screen (issue 13) at 1280 and 360 px: the empty screen,
 * a finished Trakt import's report with unmatched rows, and the show picker of a row. Needs
 * `npm run build`. Writes to --out (default /tmp/import-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import yazl from 'yazl';
import { chromiumFlags, chromiumPath, freePort, seed, startServer } from './server';

const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : '/tmp/import-shots';

async function traktZip(): Promise<Buffer> {
  const show = (title: string, year: number, tvdb: number) => ({
    title,
    year,
    ids: {
      trakt: tvdb,
      slug: title.toLowerCase().replaceAll(' ', '-'),
      tvdb,
      imdb: null,
      tmdb: null,
    },
  });
  const got = show('Game of Thrones', 2011, 121361);
  const ghost = show('The Ghost Channel', 2003, 99999991);
  let id = 1;
  const play = (s: object, season: number, number: number, day: number) => ({
    id: id++,
    watched_at: new Date(Date.UTC(2014, 0, day, 21)).toISOString(),
    action: 'watch',
    type: 'episode',
    episode: { season, number, ids: {} },
    show: s,
  });
  const zip = new yazl.ZipFile();
  const add = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
  add('watched-history.json', [
    play(got, 1, 1, 1),
    play(got, 1, 2, 2),
    play(got, 1, 1, 9),
    play(got, 9, 1, 12),
    play(ghost, 1, 1, 3),
    {
      id: id++,
      watched_at: '2015-01-01T20:00:00.000Z',
      type: 'movie',
      movie: { title: 'A Film', ids: {} },
    },
  ]);
  add('lists-watchlist.json', [
    {
      rank: 1,
      listed_at: '2016-01-01T00:00:00.000Z',
      type: 'show',
      show: show('Lost', 2004, 73739),
    },
    {
      rank: 2,
      listed_at: '2016-01-02T00:00:00.000Z',
      type: 'show',
      show: { title: 'Lost', year: 1999, ids: { trakt: 5 } },
    },
  ]);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(await freePort());
  try {
    const fixture = await seed(server);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const zip = await traktZip();
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((token) => {
        window.localStorage.setItem('manga_tracker_token', token);
      }, fixture.token);
      const page = await context.newPage();
      await page.goto(`${server.origin}/settings/import`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(outDir, `import-empty-${device.name}.png`),
        fullPage: true,
      });
      await page.getByLabel('Choose a file or drop it here').setInputFiles({
        name: 'trakt-export.zip',
        mimeType: 'application/zip',
        buffer: zip,
      });
      await page.getByRole('button', { name: 'Start import' }).click();
      await page.getByText('Import complete.').waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(outDir, `import-report-${device.name}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Pick show' }).first().click();
      await page.getByLabel('Search for the right show').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({
        path: path.join(outDir, `import-pick-${device.name}.png`),
        fullPage: true,
      });
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
