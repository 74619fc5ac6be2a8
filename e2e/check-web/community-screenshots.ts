/**
 * Screenshots of the community and account screens (reviews, lists, settings, imports) at
 * 1280 and 360 px, signed out and signed in, with check:web's seed (a second member's review,
 * comment and ranked list), plus error and empty states produced by answering the screen's
 * API call with a 500 or an empty page. Needs `npm run build`. Writes full-page PNGs to --out
 * (default /tmp/community-shots). Option --only=<name substring>.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { seed } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('/tmp/community-shots');
const only = shots.arg('--only');

const emptyPage = { data: [], total: 0, limit: 20, offset: 0, hasMore: false };

interface Shot {
  name: string;
  path: string;
  /** Answer API calls matching this with a 500 (error state) or an empty page. */
  fail?: RegExp;
  empty?: RegExp;
  prepare?: (page: Page) => Promise<void>;
}

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const f = await seed(server);
    const all: Shot[] = [
      { name: 'reviews', path: '/reviews' },
      { name: 'reviews-error', path: '/reviews', fail: /\/api\/reviews/ },
      { name: 'reviews-empty', path: '/reviews', empty: /\/api\/reviews/ },
      { name: 'review', path: `/review/${f.reviewId}` },
      { name: 'review-missing', path: '/review/999999' },
      { name: 'review-error', path: `/review/${f.reviewId}`, fail: /\/api\/reviews\/\d+$/ },
      { name: 'write-review', path: '/reviews/write' },
      {
        name: 'show-reviews-tab',
        path: `/show/${f.showId}`,
        prepare: async (page) => {
          await page.getByRole('tab', { name: /^Reviews/ }).click();
        },
      },
      {
        name: 'show-add-to-list',
        path: `/show/${f.showId}`,
        prepare: async (page) => {
          await page
            .getByRole('button', { name: /Add to list/ })
            .first()
            .click();
        },
      },
      {
        name: 'episode-review-form',
        path: `/episode/${f.episodeId}`,
        prepare: async (page) => {
          await page.getByRole('button', { name: /Write Episode Review|Edit Your Review/ }).click();
        },
      },
      { name: 'lists', path: '/lists' },
      { name: 'lists-error', path: '/lists', fail: /\/api\/lists/ },
      { name: 'lists-empty', path: '/lists', empty: /\/api\/lists/ },
      { name: 'list', path: `/list/${f.listId}` },
      { name: 'list-missing', path: '/list/999999' },
      { name: 'create-list', path: '/lists/create' },
      { name: 'settings', path: '/settings' },
      { name: 'import', path: '/settings/import' },
      { name: 'forgot-password', path: '/forgot-password' },
      { name: 'reset-password', path: '/reset-password?token=not-a-real-token' },
      { name: 'reset-password-no-token', path: '/reset-password' },
      { name: 'verify-email', path: '/verify-email?token=not-a-real-token' },
      { name: 'profile', path: `/profile/${f.otherUsername}` },
      { name: 'activity', path: '/activity' },
      { name: 'compare', path: `/compare?users=${f.username},${f.otherUsername}` },
    ];
    const chosen = all.filter((s) => !only || s.name.includes(only));
    for (const signedIn of [false, true]) {
      for (const device of shots.widths) {
        const page = await shots.open(browser, device, signedIn ? f.token : undefined);
        for (const shot of chosen) {
          await page.unrouteAll();
          if (shot.fail) {
            await page.route(shot.fail, (route) =>
              route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }),
            );
          }
          if (shot.empty) {
            await page.route(shot.empty, (route) =>
              route.fulfill({ status: 200, json: emptyPage }),
            );
          }
          await page.goto(`${server.origin}${shot.path}`);
          await shots.settle(page, 300);
          if (shot.prepare) {
            await shot
              .prepare(page)
              .catch((err: unknown) => console.log(`  ${shot.name}: ${String(err)}`));
            await shots.settle(page, 300);
          }
          const file = path.join(
            outDir,
            `${shot.name}-${device.name}-${signedIn ? 'in' : 'out'}.png`,
          );
          await page.screenshot({ path: file, fullPage: true });
          // Anything wider than the viewport scrolls sideways: worth a look at 360 px.
          const overflow = await shots.sideways(page);
          console.log(`${file}${overflow > 0 ? `  OVERFLOW ${overflow}px` : ''}`);
        }
        await page.context().close();
      }
    }
  });
}

shots.run(main);
