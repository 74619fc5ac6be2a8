/**
 * npx tsx e2e/check-web/scrobble-screenshots.ts [port] — docs/screenshots/scrobble/*.png
 * (issue 22: Apps & devices — media-server URLs, last events, API tokens) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { api as call, repoRoot } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/scrobble');
const fixtures = path.join(repoRoot, 'apps/api/test/fixtures/scrobble');
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;

async function main() {
  await shots.withSite({ port: 3263 }, async (server, browser) => {
    const o = server.origin;
    const { token } = await shots.join(server, 'scrobbler');
    const { token: fresh } = await shots.join(server, 'newcomer');
    const settings = await call<{ paths: Record<string, string> }>(
      o,
      'GET',
      '/scrobble/settings',
      undefined,
      token,
    );
    const jellyfin = fixture('jellyfin-playback-stop.json');
    await call(o, 'POST', settings.paths.jellyfin!, jellyfin);
    await call(o, 'POST', settings.paths.jellyfin!, jellyfin);
    await call(o, 'POST', settings.paths.jellyfin!, {
      ...jellyfin,
      EpisodeNumber: 3,
      PlaybackPositionTicks: 9_000_000_000,
    });
    await call(o, 'POST', settings.paths.jellyfin!, {
      ...jellyfin,
      SeriesName: 'Home movies 2019',
    });
    await call(o, 'POST', settings.paths.kodi!, fixture('kodi-scrobble.json'));
    await call(o, 'POST', '/api-tokens', { name: 'Home Assistant', scopes: ['read'] }, token);

    const report = new shots.Report();
    for (const device of shots.devices) {
      for (const [who, t] of [
        ['member', token],
        ['newcomer', fresh],
      ] as const) {
        const page = await shots.open(browser, device, t);
        const shot = shots.shooter({
          dir: outDir,
          device,
          report,
          desktopOnly: true,
          fullPage: true,
        });
        await page.goto(`${o}/settings/apps`);
        await shots.settle(page);
        if (who === 'newcomer') {
          await shot(page, 'apps-empty');
          // A failed load is an error with Try again, never "nothing received".
          await page.route('**/api/scrobble/settings', (r) =>
            r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
          );
          await page.route('**/api/api-tokens', (r) =>
            r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
          );
          await page.reload();
          await page
            .getByText('Could not load your media server settings')
            .waitFor({ timeout: 20_000 });
          await page.getByText('Could not load your API tokens').waitFor({ timeout: 20_000 });
          await shot(page, 'apps-error');
        } else {
          await shot(page, 'apps');
          await page.getByLabel('Token name').fill('Kodi in the living room');
          await page.getByLabel('Mark episodes').check();
          await page.getByRole('button', { name: 'Create token' }).click();
          await page.getByText('Copy your new token now').waitFor();
          await page.evaluate(() => {
            const h = document.getElementById('api-tokens-heading');
            if (h) window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90);
          });
          await page.waitForTimeout(200);
          await shot(page, 'token-created', false);
        }
        await page.context().close();
      }
    }
    report.print();
  });
}

shots.run(main);
