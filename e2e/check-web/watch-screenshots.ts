/**
 * npx tsx e2e/check-web/watch-screenshots.ts — docs/screenshots/watch/*.png (issue 29, ADR 182):
 * the show page's "Where to watch" (TMDB offers from the local stand-in), Settings → Where to
 * watch, and the watchlist with "On my services" on, at 1280×800 and 360×740, from the
 * production build (`npm run build` first); axe on each section, and no sideways scroll at 360.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { startTmdbStandIn, TMDB_TEST_KEY } from '../../apps/api/test/tmdb-stand-in';
import {
  api as call,
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/watch');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const tmdb = await startTmdbStandIn();
  const server = await startServer(await freePort(), {
    TMDB_API_KEY: TMDB_TEST_KEY,
    TMDB_BASE_URL: tmdb.baseUrl,
  });
  const o = server.origin;
  let failures = 0;
  try {
    const id = Date.now().toString(36);
    const member = await registerMember(server, {
      username: `watch_${id}`,
      email: `watch_${id}@example.test`,
      password: 'watching-all-night',
    });
    await call(
      o,
      'PUT',
      '/me/watch-settings',
      { country: 'GB', services: ['Netflix', 'Now TV'] },
      member.token,
    );
    const find = async (q: string) =>
      (
        await call<{ data: { id: number; title: string }[] }>(
          o,
          'GET',
          `/search/shows?q=${encodeURIComponent(q)}&limit=1`,
        )
      ).data[0]!;
    const got = await find('game of thrones');
    const bb = await find('breaking bad');
    for (const show of [got, bb]) {
      await call(o, 'GET', `/shows/${show.id}/watch`, undefined, member.token);
      await call(
        o,
        'POST',
        '/user-content-status',
        { showId: show.id, status: 'watching' },
        member.token,
      );
    }
    // The refresh job answers within a second or two.
    for (let i = 0; i < 50; i++) {
      const w = await call<{ status: string }>(
        o,
        'GET',
        `/shows/${got.id}/watch`,
        undefined,
        member.token,
      );
      if (w.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport, locale: 'en-GB' });
      await context.addInitScript((token) => {
        window.localStorage.setItem('manga_tracker_token', token);
        window.localStorage.setItem('st:on-my-services', '1');
      }, member.token);
      const page = await context.newPage();
      const shots = [
        { name: 'show', path: `/show/${got.id}`, section: 'Where to watch' },
        { name: 'settings', path: '/settings#watch-heading', section: 'Where to watch' },
        { name: 'watchlist', path: '/watchlist', section: null },
      ];
      for (const shot of shots) {
        await page.goto(`${o}${shot.path}`);
        await settle(page);
        const region = shot.section ? page.getByRole('region', { name: shot.section }) : null;
        if (region) await region.scrollIntoViewIfNeeded();
        else await page.evaluate(() => window.scrollTo(0, 0));
        const file = path.join(outDir, `${shot.name}-${device.name}.png`);
        if (region) await region.screenshot({ path: file });
        else await page.screenshot({ path: file });
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        const axe = new AxeBuilder({ page }).withTags([
          'wcag2a',
          'wcag2aa',
          'wcag21a',
          'wcag21aa',
          'wcag22aa',
          'best-practice',
        ]);
        if (shot.section === 'Where to watch')
          axe.include('section[aria-labelledby$="watch-heading"]');
        const { violations } = await axe.analyze();
        const line = `${shot.name} ${device.name}: sideways ${wide}px, axe ${violations.length}`;
        console.log(line);
        for (const v of violations)
          console.log(`  ${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`);
        if (wide > 0 || violations.length) failures += 1;
      }
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
    await tmdb.close();
  }
  if (failures) process.exitCode = 1;
}

await main();
