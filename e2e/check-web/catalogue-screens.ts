/**
 * npx tsx e2e/check-web/catalogue-screens.ts — docs/screenshots/catalogue/: the catalogue
 * screens of ADR 120 (most popular grid, an anime show header with its native title, search
 * for "the office" with its suggestions) at 1280 and 360 px, from the production build
 * (`npm run build` first). Offline, hot-linked covers show their placeholders.
 */
import type { Page } from '@playwright/test';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/catalogue');
const loaded = (page: Page) => shots.settle(page, 300, shots.SKELETONS);

async function firstShowId(origin: string, q: string): Promise<number> {
  const res = await fetch(`${origin}/api/search/shows?q=${encodeURIComponent(q)}&limit=1`);
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data[0]!.id;
}

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const anime = await firstShowId(server.origin, 'Frieren');
    const screens = [
      { name: 'popular', path: '/browse?sort=popular' },
      { name: 'anime-show', path: `/show/${anime}` },
      { name: 'search-the-office', path: '/search?q=the%20office' },
    ];
    for (const device of shots.devices) {
      const page = await shots.open(browser, device);
      const shoot = shots.shooter({ dir: outDir, device, log: true });
      for (const screen of screens) {
        await page.goto(`${server.origin}${screen.path}`);
        await loaded(page);
        await shoot(page, screen.name);
      }
      // The header's suggestions for "the office".
      await page.goto(`${server.origin}/`);
      await loaded(page);
      const box = page.getByRole('combobox').first();
      if (await box.isVisible()) {
        await box.fill('the office');
        await page.getByRole('option').first().waitFor();
        await page.waitForTimeout(300);
        await shoot(page, 'suggestions');
      }
      await page.context().close();
    }
  });
}

shots.run(main);
