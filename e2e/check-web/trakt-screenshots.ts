/**
 * npx tsx e2e/check-web/trakt-screenshots.ts [port] — docs/screenshots/trakt/*.png (issue 27,
 * ADR 170: /activate empty, filled, approved and with a bad code; the consent page and its oob
 * code; Settings › Apps & devices › Connected apps) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe on each.
 */
import path from 'node:path';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/trakt');
// Client ids as apps ship them: 64 hex characters (Kodi's add-on, TMDbHelper) or anything.
const kodi = 'd4161a7a106424551add171e5470112e4afdaf2438e6ef2fe0548edc75924868';
const script = 'e0b3c2c1f8a94c7d9a1e5f3b2d6c8a7e9f1b3d5c7e9a1b3c5d7e9f1a3b5c7d9e';

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
  await shots.withSite({ port: 3302 }, async (server, browser) => {
    const o = server.origin;
    const { token } = await shots.join(server, 'viewer');
    const report = new shots.Report();
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, token);
      const shot = shots.shooter({
        dir: outDir,
        device,
        report,
        fullPage: true,
        before: async (p, label) => {
          await shots.settle(p);
          // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
          await p.evaluate(() => window.scrollTo(0, 0));
          if ((await shots.sideways(p)) > 0) report.push(`${label}: scrolls sideways`);
        },
      });

      await page.goto(`${o}/activate`);
      await page.getByLabel('Code shown by your app').waitFor();
      await shot(page, 'activate-empty');

      await page.getByLabel('Code shown by your app').fill('QQQQ-QQQQ');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').waitFor();
      await shot(page, 'activate-bad-code');

      const codes = await deviceCode(o, kodi);
      await page.goto(`${o}/activate?code=${codes.user_code.toLowerCase()}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await shot(page, 'activate-filled');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Connected. Go back to your app').waitFor();
      await shot(page, 'activate-approved');
      await collect(o, kodi, codes.device_code);

      const query = new URLSearchParams({
        response_type: 'code',
        client_id: script,
        redirect_uri: 'https://tmdbhelper.example/trakt/callback',
        state: 'a1b2c3',
      });
      await page.goto(`${o}/trakt/oauth/authorize?${query}`);
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await shot(page, 'consent');
      query.set('redirect_uri', 'urn:ietf:wg:oauth:2.0:oob');
      await page.goto(`${o}/oauth/authorize?${query}`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved. Copy this code').waitFor();
      await shot(page, 'consent-code');
      query.set('redirect_uri', 'javascript:alert(1)');
      await page.goto(`${o}/oauth/authorize?${query}`);
      await page.getByText('cannot be used').waitFor();
      await shot(page, 'consent-bad-request');

      await page.goto(`${o}/settings/apps`);
      await page.getByRole('list', { name: 'Your connected apps' }).waitFor();
      await page.evaluate(() => {
        const h = document.getElementById('connected-apps-heading');
        if (h) window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90);
      });
      await shots.settle(page);
      await page.screenshot({ path: path.join(outDir, `connected-apps-${device.name}.png`) });
      await page.context().close();
    }
    report.print();
  });
}

shots.run(main);
