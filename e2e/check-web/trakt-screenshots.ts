/**
 * npx tsx e2e/check-web/trakt-screenshots.ts [port] — docs/screenshots/trakt/*.png (issue 27,
 * ADR 170: /activate empty, filled, approved and with a bad code; the consent page and its oob
 * code; Settings › Apps & devices › Connected apps) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath, registerMember, repoRoot, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/trakt');
// Client ids as apps ship them: 64 hex characters (Kodi's add-on, TMDbHelper) or anything.
const kodi = 'd4161a7a106424551add171e5470112e4afdaf2438e6ef2fe0548edc75924868';
const script = 'e0b3c2c1f8a94c7d9a1e5f3b2d6c8a7e9f1b3d5c7e9a1b3c5d7e9f1a3b5c7d9e';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function deviceCode(origin: string, clientId: string) {
  const res = await fetch(`${origin}/trakt/oauth/device/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: clientId }),
  });
  return (await res.json()) as { user_code: string; device_code: string };
}

/** The app's poll after the member approved: it collects its token and becomes a grant. */
async function collect(origin: string, clientId: string, deviceCode: string) {
  const res = await fetch(`${origin}/trakt/oauth/device/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: deviceCode, client_id: clientId, client_secret: 'secret' }),
  });
  if (!res.ok) throw new Error(`device token answered ${res.status}`);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(Number(process.argv[2] ?? 3302));
  const o = server.origin;
  try {
    const id = Date.now().toString(36);
    const { token } = await registerMember(server, {
      username: `viewer_${id}`,
      email: `viewer_${id}@example.test`,
      password: 'watching-all-night',
    });
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const axeReport: string[] = [];
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((v) => localStorage.setItem('manga_tracker_token', v), token);
      const page = await context.newPage();
      const shot = async (name: string) => {
        await settle(page);
        // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        if (wide) axeReport.push(`${name}-${device.name}: scrolls sideways`);
        await page.screenshot({
          path: path.join(outDir, `${name}-${device.name}.png`),
          fullPage: true,
        });
        const r = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
        axeReport.push(`${name}-${device.name}: ${lines.length ? lines.join(', ') : 'clean'}`);
      };

      await page.goto(`${o}/activate`);
      await page.getByLabel('Code shown by your app').waitFor();
      await shot('activate-empty');

      await page.getByLabel('Code shown by your app').fill('QQQQ-QQQQ');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').waitFor();
      await shot('activate-bad-code');

      const codes = await deviceCode(o, kodi);
      await page.goto(`${o}/activate?code=${codes.user_code.toLowerCase()}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await shot('activate-filled');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Connected. Go back to your app').waitFor();
      await shot('activate-approved');
      await collect(o, kodi, codes.device_code);

      const query = new URLSearchParams({
        response_type: 'code',
        client_id: script,
        redirect_uri: 'https://tmdbhelper.example/trakt/callback',
        state: 'a1b2c3',
      });
      await page.goto(`${o}/trakt/oauth/authorize?${query}`);
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await shot('consent');
      query.set('redirect_uri', 'urn:ietf:wg:oauth:2.0:oob');
      await page.goto(`${o}/oauth/authorize?${query}`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved. Copy this code').waitFor();
      await shot('consent-code');
      query.set('redirect_uri', 'javascript:alert(1)');
      await page.goto(`${o}/oauth/authorize?${query}`);
      await page.getByText('cannot be used').waitFor();
      await shot('consent-bad-request');

      await page.goto(`${o}/settings/apps`);
      await page.getByRole('list', { name: 'Your connected apps' }).waitFor();
      await page.evaluate(() => {
        const h = document.getElementById('connected-apps-heading');
        if (h) window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90);
      });
      await settle(page);
      await page.screenshot({ path: path.join(outDir, `connected-apps-${device.name}.png`) });
      await context.close();
    }
    await browser.close();
    console.log(axeReport.join('\n'));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
