/**
 * Screenshots of issue 21's screens (ADR 150) at 1280 and 360 px, with axe, from the
 * production build (`npm run build` first): the undo-email-change page (ready, refused link,
 * no token) and a private profile's followers page.
 * `npx tsx e2e/check-web/safety-screenshots.ts [--port N] [--out DIR]`.
 */
import path from 'node:path';
import { seed } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('e2e/.tmp/safety-shots');

async function main() {
  await shots.withSite({ port: process.env.E2E_PORT ?? 3231 }, async (server, browser) => {
    const o = server.origin;
    const viewer = await seed(server);
    const quiet = await shots.join(server, 'quiet', 'Quiet Quinn', 'a quiet evening in');
    await fetch(`${o}/api/users/me`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${quiet.token}` },
      body: JSON.stringify({ isPrivate: true }),
    });
    const screens = [
      {
        name: 'undo-email-change',
        path: '/undo-email-change?token=not-a-real-token',
        click: false,
      },
      {
        name: 'undo-email-change-refused',
        path: '/undo-email-change?token=not-a-real-token',
        click: true,
      },
      { name: 'undo-email-change-no-token', path: '/undo-email-change', click: false },
      {
        name: 'private-followers',
        path: `/profile/${quiet.user.username}/followers`,
        click: false,
      },
    ];
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, viewer.token);
      for (const screen of screens) {
        await page.goto(`${o}${screen.path}`);
        await page.waitForLoadState('networkidle');
        if (screen.click) {
          await page.getByRole('button', { name: 'Undo the change' }).click();
          await page.getByText('This link is not valid').waitFor();
        }
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${screen.name}-${device.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        const violations = await shots.axe(page, {
          tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        });
        const serious = violations.filter(shots.isSerious);
        console.log(`${file} axe: ${violations.length} (serious/critical ${serious.length})`);
        for (const v of serious) console.log(`  ${v.id}: ${v.help}`);
      }
      await page.context().close();
    }
  });
}

shots.run(main);
