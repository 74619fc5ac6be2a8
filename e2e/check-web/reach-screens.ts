/**
 * npx tsx e2e/check-web/reach-screens.ts — docs/screenshots/catalogue/: the screens of ADR 121
 * at 1280 and 360 px, from the production build (`npm run build` first), with the catalogue
 * reaching a local TVmaze stand-in: a show found on TVmaze by search (results, its page, its
 * Episodes tab once the list arrived), then the same site with TVmaze down ("local results
 * only", over results and over an empty answer). axe runs on each state; its findings are
 * printed at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { startTvmazeStandIn } from '../../apps/api/test/tvmaze-stand-in';
import { chromiumFlags, chromiumPath, freePort, repoRoot, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/catalogue');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="results-loading"]'))
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const standIn = await startTvmazeStandIn();
  const server = await startServer(await freePort(), {
    METADATA_SYNC: 'on',
    TVMAZE_BASE_URL: standIn.baseUrl,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const axeReport: string[] = [];
  const shoot = async (page: Page, name: string) => {
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(path.relative(repoRoot, file));
    const r = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
    axeReport.push(`axe ${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
  };
  try {
    // The search adds The Sopranos; its episode list follows within seconds.
    const found = (await (
      await fetch(`${server.origin}/api/search/shows?q=severance&limit=1`)
    ).json()) as { data: { id: number }[] };
    const id = found.data[0]!.id;
    for (let i = 0; i < 50; i++) {
      const eps = (await (await fetch(`${server.origin}/api/episodes/show/${id}`)).json()) as {
        data: unknown[];
      };
      if (eps.data.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const devices = [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ];
    for (const device of devices) {
      const page = await (await browser.newContext({ viewport: device.viewport })).newPage();
      await page.goto(`${server.origin}/search?q=severance`);
      await settle(page);
      await shoot(page, `reach-search-${device.name}`);
      await page.goto(`${server.origin}/show/${id}`);
      await settle(page);
      await shoot(page, `reach-show-${device.name}`);
      await page.getByRole('tab', { name: 'Episodes' }).click();
      await settle(page);
      // The season picker and the open season's episodes, not the header above them.
      await page.getByRole('combobox', { name: 'Season' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shoot(page, `reach-show-episodes-${device.name}`);
    }
    // TVmaze down: thin searches say they show local results only.
    standIn.setDown(true);
    for (const device of devices) {
      const page = await (await browser.newContext({ viewport: device.viewport })).newPage();
      await page.goto(`${server.origin}/search?q=the%20wire`);
      await settle(page);
      await shoot(page, `local-only-${device.name}`);
      await page.goto(`${server.origin}/search?q=mindhunter`);
      await settle(page);
      await shoot(page, `local-only-empty-${device.name}`);
    }
    console.log(axeReport.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
    await standIn.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
