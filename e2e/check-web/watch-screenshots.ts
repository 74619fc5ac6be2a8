/**
 * npx tsx e2e/check-web/watch-screenshots.ts — docs/screenshots/watch/*.png (issue 29, ADR 182):
 * the show page's "Where to watch" (TMDB offers from the local stand-in), Settings → Where to
 * watch, and the watchlist with "On my services" on, at 1280×800 and 360×740, from the
 * production build (`npm run build` first); axe on each section, and no sideways scroll at 360.
 */
import path from 'node:path';
import { startTmdbStandIn, TMDB_TEST_KEY } from '../../apps/api/test/tmdb-stand-in';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/watch');

async function main() {
  const tmdb = await startTmdbStandIn();
  const env = { TMDB_API_KEY: TMDB_TEST_KEY, TMDB_BASE_URL: tmdb.baseUrl };
  let failures = 0;
  const cleanUp = () => tmdb.close();
  await shots.withSite({ env, cleanUp }, async (server, browser) => {
    const o = server.origin;
    const member = await shots.join(server, 'watch');
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

    for (const device of shots.devices) {
      const page = await shots.open(browser, device, member.token, { locale: 'en-GB' });
      await page.addInitScript(() => window.localStorage.setItem('st:on-my-services', '1'));
      const screens = [
        { name: 'show', path: `/show/${got.id}`, section: 'Where to watch' },
        { name: 'settings', path: '/settings#watch-heading', section: 'Where to watch' },
        { name: 'watchlist', path: '/watchlist', section: null },
      ];
      for (const shot of screens) {
        await page.goto(`${o}${shot.path}`);
        await shots.settle(page);
        const region = shot.section ? page.getByRole('region', { name: shot.section }) : null;
        if (region) await region.scrollIntoViewIfNeeded();
        else await page.evaluate(() => window.scrollTo(0, 0));
        const file = path.join(outDir, `${shot.name}-${device.name}.png`);
        if (region) await region.screenshot({ path: file });
        else await page.screenshot({ path: file });
        const wide = await shots.sideways(page);
        const violations = await shots.axe(page, {
          include:
            shot.section === 'Where to watch'
              ? 'section[aria-labelledby$="watch-heading"]'
              : undefined,
        });
        const line = `${shot.name} ${device.name}: sideways ${wide}px, axe ${violations.length}`;
        console.log(line);
        for (const v of violations)
          console.log(`  ${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`);
        if (wide > 0 || violations.length) failures += 1;
      }
      await page.context().close();
    }
  });
  if (failures) process.exitCode = 1;
}

shots.run(main);
