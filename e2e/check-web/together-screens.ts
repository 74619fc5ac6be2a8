/**
 * npx tsx e2e/check-web/together-screens.ts — docs/screenshots/together/*.png: the screens
 * several features of issues 21 and 22 share after they met on main (the header with the bell,
 * the account menu and the mobile search row; a profile's More menu with Report and Block; Settings
 * with Calendar & alerts and Apps & devices) at 1280×800 and 360×740 from the production
 * build (`npm run build` first), with axe (target-size on) on each.
 */
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/together');

async function main() {
  await shots.withSite({ port: process.env.SCREENSHOT_PORT }, async (server, browser) => {
    const o = server.origin;
    const report = new shots.Report({ tags: null, targetSize: true, finding: shots.finding.id });
    const me = await shots.join(server, 'rosa', 'Rosa Díaz');
    const other = await shots.join(server, 'amir', 'أمير حداد');
    await fetch(`${o}/api/social/${me.user.id}/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}` },
    });
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, me.token);
      const shot = shots.shooter({
        dir: outDir,
        device,
        report,
        before: (p) => p.waitForTimeout(400),
      });
      await page.goto(`${o}/`);
      await page.getByRole('link', { name: /^Notifications/ }).waitFor();
      await shot(page, 'home-header');
      if (device.name === 'phone') {
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('button', { name: /^Account menu/ }).click();
        await page.getByRole('menu').waitFor();
        await shot(page, 'account-menu-over-search');
        await page.keyboard.press('Escape');
      }
      await page.goto(`${o}/profile/${other.user.username}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, 'profile');
      await page.getByRole('button', { name: /^More actions/ }).click();
      await page.getByRole('menu').waitFor();
      await shot(page, 'profile-more-menu');
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: 'Report this profile' }).waitFor();
      await shot(page, 'profile-report-dialog');
      await page.keyboard.press('Escape');
      await page.goto(`${o}/settings`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('Calendar', { exact: false }).first().waitFor();
      await shot(page, 'settings');
      await page.goto(`${o}/notifications`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, 'notifications');
      await page.context().close();
    }
    report.print();
  });
}

shots.run(main);
