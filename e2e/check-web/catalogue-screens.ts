/**
 * npx tsx e2e/check-web/catalogue-screens.ts — docs/screenshots/catalogue/: the catalogue
 * screens of ADR 120 (most popular grid, an anime show header with its native title, search
 * for "the office" with its suggestions) at 1280 and 360 px, from the production build
 * (`npm run build` first). Offline, hot-linked covers show their placeholders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, repoRoot, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/catalogue');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => !document.querySelector('[data-testid="skeleton"], [data-testid$="-skeleton"]'),
    )
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function firstShowId(origin: string, q: string): Promise<number> {
  const res = await fetch(`${origin}/api/search/shows?q=${encodeURIComponent(q)}&limit=1`);
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data[0]!.id;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(await freePort());
  try {
    const anime = await firstShowId(server.origin, 'Frieren');
    const screens = [
      { name: 'popular', path: '/browse?sort=popular' },
      { name: 'anime-show', path: `/show/${anime}` },
      { name: 'search-the-office', path: '/search?q=the%20office' },
    ];
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(`${server.origin}${screen.path}`);
        await settle(page);
        const file = path.join(outDir, `${screen.name}-${device.name}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(repoRoot, file));
      }
      // The header's suggestions for "the office".
      await page.goto(`${server.origin}/`);
      await settle(page);
      const box = page.getByRole('combobox').first();
      if (await box.isVisible()) {
        await box.fill('the office');
        await page.getByRole('option').first().waitFor();
        await page.waitForTimeout(300);
        const file = path.join(outDir, `suggestions-${device.name}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(repoRoot, file));
      }
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
