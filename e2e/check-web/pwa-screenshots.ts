/**
 * npx tsx e2e/check-web/pwa-screenshots.ts — docs/screenshots/pwa/*.png (issue 22: the offline
 * banner and marks saved offline, a failed refresh that keeps the page, a tab that could not
 * load during an outage, a restored review draft, the profile's More menu) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe on each desktop screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
  api as call,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/pwa');

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
        once: true,
      }),
    );
  });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const port = Number(process.env.SCREENSHOT_PORT ?? (await freePort()));
  const server = await startServer(port);
  const o = server.origin;
  try {
    const id = Date.now().toString(36);
    const register = (name: string, displayName?: string) =>
      registerMember(server, {
        username: `${name}_${id}`,
        email: `${name}_${id}@example.test`,
        password: 'watching-all-night',
        ...(displayName ? { displayName } : {}),
      });
    const { token } = await register('pwa');
    const other = await register('friend', 'Sam Friend');
    const shows = await call<{ data: { id: number; title: string }[] }>(
      o,
      'GET',
      '/search/shows?q=game%20of%20thrones',
    );
    const show = shows.data.find((s) => s.title === 'Game of Thrones')!.id;

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const axeReport: string[] = [];
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((t) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('manga_tracker_token', t);
          sessionStorage.setItem('seeded', '1');
        }
      }, token);
      const page = await context.newPage();
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outDir, `${name}-${device.name}.png`) });
        if (device.name !== 'desktop') return;
        const r = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          // Off by default in axe; tap targets of at least 24 px (issue 22).
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
        axeReport.push(`${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
      };

      // 1. Offline: the banner, and two marks saved on the device.
      await page.goto(`${o}/show/${show}`);
      await controlled(page);
      await page.getByRole('tab', { name: 'Episodes' }).click();
      await page
        .getByText(/of 73 watched/)
        .first()
        .waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Mark S1E1 as watched' }).click();
      await page.getByRole('button', { name: 'Mark S1E2 as watched' }).click();
      await page.getByTestId('mark-queued').nth(1).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('offline-banner');
      await page.getByRole('heading', { name: 'Season 1' }).first().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot('marks-saved-offline');
      // Back online: the queue is sent (and the next device run starts clean).
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 15_000 });
      await call(
        o,
        'POST',
        `/episodes/show/${show}/progress`,
        { season: 1, watched: false },
        token,
      );

      // 2. An outage while the page is open: the tab that could not load says so in place.
      await page.goto(`${o}/show/${show}`);
      await page.getByRole('heading', { level: 1, name: 'Game of Thrones' }).waitFor();
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('tab', { name: /Reviews/ }).click();
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: 'Try Again' })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('tablist').scrollIntoViewIfNeeded();
      await shot('outage-tab-retry');

      // 3. A refresh that fails keeps the page: reconnecting asks again, and that fails.
      await context.setOffline(true);
      await page.waitForTimeout(200);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.clock.install();
      await page.clock.fastForward(60_000);
      await context.setOffline(false);
      await page.clock.runFor(10_000);
      await page
        .getByTestId('refresh-error')
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('refresh-error');
      await page.unroute('**/api/**');

      // 4. A review draft restored after leaving the page.
      const page2 = await context.newPage();
      await page.close();
      await page2.goto(`${o}/reviews/write?showId=${show}`);
      await page2.getByLabel('Review Title').fill('Winter came, slowly');
      await page2
        .getByLabel('Review Content')
        .fill('Half a thought about the first season: the pacing, the wall, the wolves.');
      await page2.goto(`${o}/`);
      await page2.goto(`${o}/reviews/write?showId=${show}`);
      await page2.getByText('Your unpublished draft was restored').waitFor();
      const shot2 = async (name: string) => {
        await page2.waitForTimeout(400);
        await page2.screenshot({ path: path.join(outDir, `${name}-${device.name}.png`) });
        if (device.name !== 'desktop') return;
        const r = await new AxeBuilder({ page: page2 })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          // Off by default in axe; tap targets of at least 24 px (issue 22).
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
        axeReport.push(`${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
      };
      await shot2('review-draft-restored');
      await page2.getByRole('button', { name: 'Discard draft' }).click();

      // 5. Another member's profile: Block lives in the More menu.
      await page2.goto(`${o}/profile/${other.user.username}`);
      await page2.getByRole('button', { name: /^More actions for/ }).click();
      await page2.getByRole('menuitem', { name: 'Block' }).waitFor();
      await shot2('profile-more-menu');
      await context.close();
    }
    await browser.close();
    fs.writeFileSync(path.join(outDir, 'axe.txt'), `${axeReport.join('\n')}\n`);
    console.log(axeReport.join('\n'));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
