/**
 * Screenshots of the Import & export screen (issue 13) at 1280 and 360 px: the empty screen,
 * a finished Trakt import's report with unmatched rows, and the show picker of a row. Needs
 * `npm run build`. Writes to --out (default /tmp/import-shots).
 */
import { seed } from './server';
import * as shots from './shots';
import { importFile, traktHistory, traktShow as show, traktZip } from './import-files';

const outDir = shots.outputDir('/tmp/import-shots');

function exportZip(): Promise<Buffer> {
  const got = show('Game of Thrones', 2011, 121361);
  const ghost = show('The Ghost Channel', 2003, 99999991);
  const { play, movie } = traktHistory(2014);
  return traktZip({
    'watched-history.json': [
      play(got, 1, 1, 1),
      play(got, 1, 2, 2),
      play(got, 1, 1, 9),
      play(got, 9, 1, 12),
      play(ghost, 1, 1, 3),
      movie('A Film', '2015-01-01T20:00:00.000Z'),
    ],
    'lists-watchlist.json': [
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
    ],
  });
}

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const fixture = await seed(server);
    const zip = await exportZip();
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, fixture.token);
      const shoot = shots.shooter({ dir: outDir, device, fullPage: true });
      await page.goto(`${server.origin}/settings/import`);
      await page.waitForLoadState('networkidle');
      await shoot(page, 'import-empty');
      await importFile(page, {
        name: 'trakt-export.zip',
        mimeType: 'application/zip',
        buffer: zip,
      });
      await page.waitForLoadState('networkidle');
      await shoot(page, 'import-report');
      await page.getByRole('button', { name: 'Pick show' }).first().click();
      await page.getByLabel('Search for the right show').waitFor();
      await page.waitForTimeout(800);
      await shoot(page, 'import-pick');
      await page.context().close();
    }
  });
}

shots.run(main);
