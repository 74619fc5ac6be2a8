/**
 * npx tsx e2e/check-web/reach-screens.ts — docs/screenshots/catalogue/: the screens of ADR 121
 * at 1280 and 360 px, from the production build (`npm run build` first), with the catalogue
 * reaching a local TVmaze stand-in: a show found on TVmaze by search (results, its page, its
 * Episodes tab once the list arrived), then the same site with TVmaze down ("local results
 * only", over results and over an empty answer). axe runs on each state; its findings are
 * printed at the end.
 */
import type { Page } from '@playwright/test';
import { startTvmazeStandIn } from '../../apps/api/test/tvmaze-stand-in';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/catalogue');
const loaded = (page: Page) => shots.settle(page, 300, '[data-testid="results-loading"]');

async function main() {
  const standIn = await startTvmazeStandIn();
  const env = { METADATA_SYNC: 'on', TVMAZE_BASE_URL: standIn.baseUrl };
  const cleanUp = () => standIn.close();
  await shots.withSite({ env, cleanUp }, async (server, browser) => {
    const report = new shots.Report({ prefix: 'axe ' });
    const shoot = shots.shooter({ dir: outDir, report, log: true });
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
    for (const device of shots.devices) {
      const page = await shots.open(browser, device);
      await page.goto(`${server.origin}/search?q=severance`);
      await loaded(page);
      await shoot(page, `reach-search-${device.name}`);
      await page.goto(`${server.origin}/show/${id}`);
      await loaded(page);
      await shoot(page, `reach-show-${device.name}`);
      await page.getByRole('tab', { name: 'Episodes' }).click();
      await loaded(page);
      // The season picker and the open season's episodes, not the header above them.
      await page.getByRole('combobox', { name: 'Season' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shoot(page, `reach-show-episodes-${device.name}`);
    }
    // TVmaze down: thin searches say they show local results only.
    standIn.setDown(true);
    for (const device of shots.devices) {
      const page = await shots.open(browser, device);
      await page.goto(`${server.origin}/search?q=the%20wire`);
      await loaded(page);
      await shoot(page, `local-only-${device.name}`);
      await page.goto(`${server.origin}/search?q=mindhunter`);
      await loaded(page);
      await shoot(page, `local-only-empty-${device.name}`);
    }
    report.print();
  });
}

shots.run(main);
