/**
 * npx tsx e2e/check-web/long-shows-screenshots.ts — docs/screenshots/long-shows/*.png (issue 18:
 * season picker, previous/next episode, the Completed offer) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe on each state.
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

const outDir = path.join(repoRoot, 'docs/screenshots/long-shows');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

/** Scroll so the Episodes tab strip sits just under the sticky header. */
async function toPanel(page: Page) {
  await page.evaluate(() => {
    const tabs = document.querySelector('[role="tablist"][aria-label="Show sections"]');
    if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 72);
  });
  await page.waitForTimeout(200);
}

/** Scroll so the episode's title and its Previous / Next links are on screen. */
async function toNav(page: Page) {
  await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    if (h1) window.scrollTo(0, h1.getBoundingClientRect().top + window.scrollY - 150);
  });
  await page.waitForTimeout(200);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(await freePort());
  const o = server.origin;
  try {
    const id = Date.now().toString(36);
    const { token } = await registerMember(server, {
      username: `long_${id}`,
      email: `long_${id}@example.test`,
      password: 'watching-all-night',
    });
    const shows = await call<{ data: { id: number; title: string }[] }>(
      o,
      'GET',
      '/search/shows?q=game%20of%20thrones',
    );
    const got = shows.data.find((s) => s.title === 'Game of Thrones')!.id;
    for (const season of [1, 2])
      await call(o, 'POST', `/episodes/show/${got}/progress`, { season }, token);
    await call(o, 'POST', `/episodes/show/${got}/progress`, { upToEpisodeId: 0 }, token).catch(
      () => undefined,
    );
    const eps = await call<{ data: { id: number; seasonNumber: number; episodeNumber: number }[] }>(
      o,
      'GET',
      `/episodes/show/${got}`,
    );
    const s3e1 = eps.data.find((e) => e.seasonNumber === 3 && e.episodeNumber === 1)!.id;
    const s3e3 = eps.data.find((e) => e.seasonNumber === 3 && e.episodeNumber === 3)!.id;
    await call(o, 'POST', `/episodes/${s3e1}/progress`, {}, token);
    await call(o, 'POST', `/episodes/${s3e3}/progress`, {}, token);

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
      for (const member of [true, false]) {
        const context = await browser.newContext({ viewport: device.viewport });
        if (member)
          await context.addInitScript((t) => localStorage.setItem('manga_tracker_token', t), token);
        const page = await context.newPage();
        const shot = async (name: string, fullPage = false) => {
          await page.screenshot({
            path: path.join(outDir, `${name}-${device.name}.png`),
            fullPage,
          });
          if (device.name === 'desktop') await axe(page, name);
        };
        const who = member ? 'member' : 'visitor';
        await page.goto(`${o}/show/${got}`);
        await settle(page);
        await page.getByRole('tab', { name: 'Episodes' }).click();
        await settle(page);
        await toPanel(page);
        await shot(`episodes-${who}`);
        if (member) {
          await page.getByRole('combobox', { name: 'Season' }).selectOption('2');
          await settle(page);
          await shot('episodes-watched-season');
          // Loading and error states of the member's progress.
          await page.route('**/api/episodes/show/*/progress', (r) =>
            r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
          );
          await page.reload();
          await settle(page);
          await page.getByRole('tab', { name: 'Episodes' }).click();
          // The query retries a 500 a few times before it says so.
          await page.getByText('Could not load your progress').waitFor({ timeout: 20_000 });
          await toPanel(page);
          await shot('episodes-progress-error');
          await page.unroute('**/api/episodes/show/*/progress');

          await page.goto(`${o}/episode/${s3e1}`);
          await settle(page);
          await toNav(page);
          await shot('episode-neighbours');
          await page.goto(
            `${o}/episode/${eps.data.find((e) => e.seasonNumber === 1 && e.episodeNumber === 1)!.id}`,
          );
          await settle(page);
          await toNav(page);
          await shot('episode-first');

          await page.goto(`${o}/show/${got}`);
          await settle(page);
          await page.getByRole('combobox', { name: 'Watchlist status' }).selectOption('completed');
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
          await shot('completed-offer');
          await page.getByRole('button', { name: 'Not now' }).click();
          await page.getByRole('combobox', { name: 'Watchlist status' }).selectOption('watching');
          await settle(page);
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

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
