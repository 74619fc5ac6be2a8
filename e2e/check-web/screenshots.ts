/**
 * npm run screenshots — docs/screenshots/web-{home,show,search}-{desktop,phone}.png from the
 * production build (run `npm run build` first), in Chromium at 1280×800 and 360×740.
 * Cover images are hot-linked from static.tvmaze.com; offline they show their placeholders.
 * Options: --full (whole page instead of the first screen), --signed-in.
 */
import { seed } from './server';
import { devices, open, outputDir, port, run, settle, shooter, SKELETONS, withSite } from './shots';

const outDir = outputDir('docs/screenshots');
const full = process.argv.includes('--full');
const signedIn = process.argv.includes('--signed-in');

async function main() {
  await withSite(await port(), {}, async (server, browser) => {
    const fixture = await seed(server);
    const screens = [
      { name: 'home', path: '/' },
      { name: 'show', path: `/show/${fixture.showId}` },
      { name: 'search', path: '/search?q=breaking' },
    ];
    for (const device of devices) {
      const page = await open(browser, device, signedIn ? fixture.token : undefined);
      const shoot = shooter({ dir: outDir, device, fullPage: full, log: true });
      for (const screen of screens) {
        await page.goto(`${server.origin}${screen.path}`);
        // Lazy images that failed settle into their placeholders.
        await settle(page, 300, SKELETONS);
        await shoot(page, `web-${screen.name}`);
      }
      await page.context().close();
    }
  });
}

run(main);
