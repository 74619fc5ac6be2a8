/**
 * npx tsx e2e/check-web/scrobble-screenshots.ts [port] — docs/screenshots/scrobble/*.png
 * (issue 22: Apps & devices — media-server URLs, last events, API tokens) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import {
  chromiumFlags,
  chromiumPath,
  registerMember,
  repoRoot,
  startServer,
  type RunningServer,
  api as call,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/scrobble');
const fixtures = path.join(repoRoot, 'apps/api/test/fixtures/scrobble');
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function register(server: RunningServer, name: string) {
  const id = Date.now().toString(36);
  return registerMember(server, {
    username: `${name}_${id}`,
    email: `${name}_${id}@example.test`,
    password: 'watching-all-night',
  });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(Number(process.argv[2] ?? 3263));
  const o = server.origin;
  try {
    const { token } = await register(server, 'scrobbler');
    const { token: fresh } = await register(server, 'newcomer');
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

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const axeReport: string[] = [];
    const axe = async (page: Page, name: string) => {
      const r = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
      axeReport.push(`${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
    };
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      for (const [who, t] of [
        ['member', token],
        ['newcomer', fresh],
      ] as const) {
        const context = await browser.newContext({ viewport: device.viewport });
        await context.addInitScript((v) => localStorage.setItem('manga_tracker_token', v), t);
        const page = await context.newPage();
        const shot = async (name: string, fullPage = true) => {
          await page.screenshot({
            path: path.join(outDir, `${name}-${device.name}.png`),
            fullPage,
          });
          if (device.name === 'desktop') await axe(page, name);
        };
        await page.goto(`${o}/settings/apps`);
        await settle(page);
        if (who === 'newcomer') {
          await shot('apps-empty');
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
          await shot('apps-error');
        } else {
          await shot('apps');
          await page.getByLabel('Token name').fill('Kodi in the living room');
          await page.getByLabel('Mark episodes').check();
          await page.getByRole('button', { name: 'Create token' }).click();
          await page.getByText('Copy your new token now').waitFor();
          await page.evaluate(() => {
            const h = document.getElementById('api-tokens-heading');
            if (h) window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90);
          });
          await page.waitForTimeout(200);
          await shot('token-created', false);
        }
        await context.close();
      }
    }
    await browser.close();
    console.log(axeReport.join('\n'));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
