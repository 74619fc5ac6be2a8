/**
 * npx tsx e2e/check-web/language-screenshots.ts [--port N] [--out DIR] [--locales de,ar] —
 * issue 31 (ADR 186): the main screens in each language at 360×740 (and Arabic at 1280×800
 * too, right to left), from the production build (`npm run build` first), with axe on each
 * shot (24 px targets) and the sideways-scroll check. A serious finding or sideways scroll
 * fails the script. Shots go to docs/screenshots/languages/ unless --out says otherwise.
 */
import { supportedLocales } from '@series-tracker/contracts';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/languages');
const locales = (shots.arg('locales')?.split(',') ?? supportedLocales).filter(Boolean);

async function main() {
  const report = new shots.Report({ ...shots.strict, prefix: 'axe ' });
  await shots.withSite({}, async (server, browser) => {
    const o = server.origin;
    await shots.takeFirstAccount(server);
    const member = await shots.join(server, 'lena', 'Lena Lang');
    const found = await call<{ data: { id: number }[] }>(
      o,
      'GET',
      '/search/shows?q=the%20sopranos&limit=1',
    );
    const showId = found.data[0]!.id;
    await call(o, 'POST', '/user-content-status', { showId, status: 'watching' }, member.token);
    const screens: { name: string; path: string; signedIn?: boolean }[] = [
      { name: 'home', path: '/' },
      { name: 'search', path: '/search?q=office' },
      { name: 'show', path: `/show/${showId}` },
      { name: 'reviews', path: '/reviews' },
      { name: 'lists', path: '/lists' },
      { name: 'login', path: '/login' },
      { name: 'watchlist', path: '/watchlist', signedIn: true },
      { name: 'settings', path: '/settings', signedIn: true },
    ];
    for (const locale of locales) {
      const devices =
        locale === 'ar' ? shots.devices : shots.devices.filter((d) => d.name === 'phone');
      for (const device of devices) {
        const shoot = shots.shooter({ dir: outDir, device, report, log: true });
        for (const screen of screens) {
          const page = await shots.open(
            browser,
            device,
            screen.signedIn ? member.token : undefined,
            {
              locale,
            },
          );
          await page.goto(`${o}${screen.path}`);
          await shots.settle(page);
          await shoot(page, `${locale}-${screen.name}`);
          await page.context().close();
        }
      }
    }
  });
  report.print();
}

shots.run(main);
