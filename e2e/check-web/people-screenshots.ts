/**
 * Screenshots of the people screens (profile tabs, followers, compare, feed, search Users tab,
 * home Recent Activity) at 1280 and 360 px, from the production build (`npm run build` first):
 * `npx tsx e2e/check-web/people-screenshots.ts [--out DIR]` (default e2e/.tmp/people-shots).
 */
import path from 'node:path';
import { seed, api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('e2e/.tmp/people-shots');

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const o = server.origin;
    const viewer = await seed(server);
    const me = await call<{ user: { id: number; username: string } }>(
      o,
      'GET',
      '/auth/me',
      undefined,
      viewer.token,
    );
    const other = await shots.join(server, 'maya', 'Maya Okafor');
    await call(o, 'POST', `/social/${other.user.id}/follow`, undefined, viewer.token);
    await call(o, 'POST', `/social/${me.user.id}/follow`, undefined, other.token);
    const item = await call<{ id: number }>(
      o,
      'POST',
      '/user-content-status',
      { showId: viewer.showId },
      other.token,
    );
    await call(o, 'POST', `/episodes/show/${viewer.showId}/progress`, { season: 1 }, other.token);
    await call(o, 'PUT', `/user-content-status/${item.id}`, { score: 9 }, other.token);
    await call(o, 'POST', '/favorites', { showId: viewer.showId }, other.token);
    await call(
      o,
      'POST',
      '/reviews',
      {
        showId: viewer.showId,
        title: 'Winter is worth the wait',
        content: 'Ten episodes in, the politics matter as much as the dragons.',
        rating: 9,
        isPublic: true,
      },
      other.token,
    );
    await call(
      o,
      'POST',
      '/lists',
      {
        name: 'Fantasy essentials',
        isPublic: true,
        isRanked: true,
        items: [{ showId: viewer.showId }],
      },
      other.token,
    );
    const trending = await call<{ data: { id: number }[] }>(o, 'GET', '/shows/trending?limit=6');
    for (const s of trending.data.filter((x) => x.id !== viewer.showId).slice(0, 3)) {
      await call(
        o,
        'POST',
        '/user-content-status',
        { showId: s.id, status: 'want_to_watch' },
        other.token,
      );
      await call(o, 'POST', '/favorites', { showId: s.id }, other.token);
    }
    const screens = [
      { name: 'home', path: '/' },
      { name: 'profile-overview', path: `/profile/${other.user.username}` },
      { name: 'profile-activity', path: `/profile/${other.user.username}?tab=activity` },
      { name: 'profile-favorites', path: `/profile/${other.user.username}?tab=favorites` },
      { name: 'profile-lists', path: `/profile/${other.user.username}?tab=lists` },
      { name: 'profile-reviews', path: `/profile/${other.user.username}?tab=reviews` },
      { name: 'followers', path: `/profile/${other.user.username}/followers` },
      { name: 'search-users', path: `/search?q=maya&tab=users` },
      { name: 'compare', path: `/compare?users=${me.user.username},${other.user.username}` },
      { name: 'feed', path: '/activity' },
      { name: 'not-found', path: '/profile/nobody_here' },
    ];
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, viewer.token);
      for (const screen of screens) {
        await page.goto(`${o}${screen.path}`);
        await shots.settle(page, 500, '[data-testid="skeleton"]');
        const file = path.join(outDir, `${screen.name}-${device.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        if (device.name === 'phone') {
          // Readable slices of the long phone pages.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, n = 1; y < height && n <= 4; y += 900, n++) {
            await page.screenshot({
              path: file.replace('.png', `-${n}.png`),
              fullPage: true,
              clip: { x: 0, y, width: 360, height: Math.min(900, height - y) },
            });
          }
        }
      }
      await page.context().close();
    }
  });
}

shots.run(main);
