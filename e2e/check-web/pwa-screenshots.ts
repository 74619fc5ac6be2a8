/**
 * npx tsx e2e/check-web/pwa-screenshots.ts — docs/screenshots/pwa/*.png (issue 22: the offline
 * banner and marks saved offline, a failed refresh that keeps the page, a tab that could not
 * load during an outage, a restored review draft, the profile's More menu) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe on each desktop screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/pwa');

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
  await shots.withSite({ port: process.env.SCREENSHOT_PORT }, async (server, browser) => {
    const o = server.origin;
    const { token } = await shots.join(server, 'pwa');
    const other = await shots.join(server, 'friend', 'Sam Friend');
    const shows = await call<{ data: { id: number; title: string }[] }>(
      o,
      'GET',
      '/search/shows?q=game%20of%20thrones',
    );
    const show = shows.data.find((s) => s.title === 'Game of Thrones')!.id;

    // target-size: off by default in axe; tap targets of at least 24 px (issue 22).
    const report = new shots.Report({ targetSize: true });
    for (const device of shots.devices) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((t) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('manga_tracker_token', t);
          sessionStorage.setItem('seeded', '1');
        }
      }, token);
      const page = await context.newPage();
      const shot = shots.shooter({
        dir: outDir,
        device,
        report,
        desktopOnly: true,
        before: (p) => p.waitForTimeout(400),
      });

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
      await shot(page, 'offline-banner');
      await page.getByRole('heading', { name: 'Season 1' }).first().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, 'marks-saved-offline');
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
      await shot(page, 'outage-tab-retry');

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
      await shot(page, 'refresh-error');
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
      await shot(page2, 'review-draft-restored');
      await page2.getByRole('button', { name: 'Discard draft' }).click();

      // 5. Another member's profile: Block lives in the More menu.
      await page2.goto(`${o}/profile/${other.user.username}`);
      await page2.getByRole('button', { name: /^More actions for/ }).click();
      await page2.getByRole('menuitem', { name: 'Block' }).waitFor();
      await shot(page2, 'profile-more-menu');
      await context.close();
    }
    fs.writeFileSync(path.join(outDir, 'axe.txt'), `${report.lines.join('\n')}\n`);
    report.print();
  });
}

shots.run(main);
