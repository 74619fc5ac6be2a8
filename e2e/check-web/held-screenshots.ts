/**
 * Screenshots of held history (issue 19) at 1280 and 360 px: the Import & export screen with
 * no held history, a Trakt import's report listing held shows (a partial episode list, a show
 * with no list yet), the settings list after an own-format file adds a held MyAnimeList-style
 * count, and the list's error state. Needs `npm run build`. Writes to --out (default
 * docs/screenshots/imports).
 */
import path from 'node:path';
import { seed } from './server';
import * as shots from './shots';
import { importFile, traktHistory, traktShow as show, traktZip } from './import-files';

const outDir = shots.outputDir('docs/screenshots/imports');

function exportZip(): Promise<Buffer> {
  // The bundled catalogue holds 4 episodes of The Big Bang Theory (a partial list) and none of
  // Under the Dome yet: their watches are held.
  const bbt = show('The Big Bang Theory', 2007, 80379);
  const dome = show('Under the Dome', 2013, 264492);
  const { play } = traktHistory(2015);
  return traktZip({
    'watched-history.json': [
      play(bbt, 1, 1, 1),
      play(bbt, 3, 1, 2),
      play(bbt, 3, 2, 3),
      play(bbt, 12, 24, 4),
      play(dome, 1, 1, 5),
      play(dome, 1, 2, 6),
    ],
  });
}

/** Our own export (version 2) with a held count on a show of eight seasons. */
const ownExport = () =>
  Buffer.from(
    JSON.stringify({
      format: 'series-tracker-export',
      version: 2,
      exportedAt: '2026-11-25T12:00:00.000Z',
      held: [
        {
          show: { title: 'Game of Thrones', year: 2011, ids: { tvdb: 121361 } },
          watches: [],
          count: { watched: 12, watchedAt: null },
        },
      ],
    }),
  );

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const fixture = await seed(server);
    const zip = await exportZip();
    let first = true;
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, fixture.token);
      const shoot = shots.shooter({ dir: outDir, device, fullPage: true });
      const held = page.locator('div:has(> h3:text-is("Held history"))');
      await page.goto(`${server.origin}/settings/import`);
      await page.waitForLoadState('networkidle');
      if (first) {
        await page.addStyleTag({ content: 'header { position: static !important; }' });
        await held.screenshot({ path: path.join(outDir, `held-empty-${device.name}.png`) });
        await importFile(page, {
          name: 'trakt-export.zip',
          mimeType: 'application/zip',
          buffer: zip,
        });
        await page.waitForLoadState('networkidle');
        await shoot(page, 'report-held');
        await importFile(page, {
          name: 'series-tracker.json',
          mimeType: 'application/json',
          buffer: ownExport(),
        });
        await page.reload();
        await page.waitForLoadState('networkidle');
      } else {
        await page.getByText('Past imports').waitFor();
        await page
          .getByRole('button', { name: /Trakt export/ })
          .first()
          .click()
          .catch(() => undefined);
        await page.getByText('Import complete.').waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await shoot(page, 'report-held');
      }
      // The sticky site header would cover the top of an element screenshot.
      await page.addStyleTag({ content: 'header { position: static !important; }' });
      await held.scrollIntoViewIfNeeded();
      await held.screenshot({ path: path.join(outDir, `held-list-${device.name}.png`) });
      await shoot(page, 'settings-held');
      // The list's error state: the server cannot be asked.
      await page.route('**/api/imports/held*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The server is busy; try again', code: 'UNAVAILABLE' }),
        }),
      );
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page.addStyleTag({ content: 'header { position: static !important; }' });
      await held.getByText('Could not load held history').waitFor({ timeout: 15_000 });
      await held.screenshot({ path: path.join(outDir, `held-error-${device.name}.png`) });
      await page.context().close();
      first = false;
    }
  });
}

shots.run(main);
