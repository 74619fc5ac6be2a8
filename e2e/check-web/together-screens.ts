/**
 * npx tsx e2e/check-web/together-screens.ts — docs/screenshots/together/*.png: the screens
 * several features of issues 21 and 22 share after they met on main (the header with the bell,
 * the account menu and the mobile search row; a profile's More menu with Report and Block; Settings
 * with Calendar & alerts and Apps & devices) at 1280×800 and 360×740 from the production
 * build (`npm run build` first), with axe (target-size on) on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
  type RunningServer,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/together');

function register(server: RunningServer, name: string, displayName: string) {
  return registerMember(server, {
    username: name,
    email: `${name}@example.test`,
    password: 'watching-all-night',
    displayName,
  });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(Number(process.env.SCREENSHOT_PORT ?? (await freePort())));
  const o = server.origin;
  const report: string[] = [];
  try {
    const id = Date.now().toString(36);
    const me = await register(server, `rosa_${id}`, 'Rosa Díaz');
    const other = await register(server, `amir_${id}`, 'أمير حداد');
    await fetch(`${o}/api/social/${me.user.id}/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}` },
    });
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((t) => localStorage.setItem('manga_tracker_token', t), me.token);
      const page = await context.newPage();
      const shot = async (name: string, p: Page = page) => {
        await p.waitForTimeout(400);
        await p.screenshot({ path: path.join(outDir, `${name}-${device.name}.png`) });
        const axe = await new AxeBuilder({ page: p })
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const bad = axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
        report.push(`${name}-${device.name}: ${bad.length ? bad.join(', ') : 'clean'}`);
      };
      await page.goto(`${o}/`);
      await page.getByRole('link', { name: /^Notifications/ }).waitFor();
      await shot('home-header');
      if (device.name === 'phone') {
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('button', { name: /^Account menu/ }).click();
        await page.getByRole('menu').waitFor();
        await shot('account-menu-over-search');
        await page.keyboard.press('Escape');
      }
      await page.goto(`${o}/profile/${other.user.username}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot('profile');
      await page.getByRole('button', { name: /^More actions/ }).click();
      await page.getByRole('menu').waitFor();
      await shot('profile-more-menu');
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: 'Report this profile' }).waitFor();
      await shot('profile-report-dialog');
      await page.keyboard.press('Escape');
      await page.goto(`${o}/settings`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('Calendar', { exact: false }).first().waitFor();
      await shot('settings');
      await page.goto(`${o}/notifications`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot('notifications');
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
  console.log(report.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
