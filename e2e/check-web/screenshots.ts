/**
 * npm run screenshots — docs/screenshots/web-{home,show,search}-{desktop,phone}.png from the
 * production build (run `npm run build` first), in Chromium at 1280×800 and 360×740.
 * Cover images are hot-linked from static.tvmaze.com; offline they show their placeholders.
 * Options: --full (whole page instead of the first screen), --signed-in.
 */
import { seed } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots');
const full = process.argv.includes('--full');
const signedIn = process.argv.includes('--signed-in');

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const fixture = await seed(server);
    const screens = [
      { name: 'home', path: '/' },
      { name: 'show', path: `/show/${fixture.showId}` },
      { name: 'search', path: '/search?q=breaking' },
    ];
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, signedIn ? fixture.token : undefined);
      const shoot = shots.shooter({ dir: outDir, device, fullPage: full, log: true });
      for (const screen of screens) {
        await page.goto(`${server.origin}${screen.path}`);
        // Lazy images that failed settle into their placeholders.
        await shots.settle(page, 300, shots.SKELETONS);
        await shoot(page, `web-${screen.name}`);
      }
      await page.context().close();
    }
  });
}

shots.run(main);
