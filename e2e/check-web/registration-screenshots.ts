/**
 * npx tsx e2e/check-web/registration-screenshots.ts [--port N] [--out DIR] —
 * docs/screenshots/registration/*.png: registering that does not reveal a registered address
 * (ADR 152): the register form, the "Check your e-mail" panel (and after "Send the link
 * again"), the /finish-registration page (ready, a refused link, no token) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe (target-size on) on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, repoRoot, startServer } from './server';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(arg('--out') ?? path.join(repoRoot, 'docs/screenshots/registration'));

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const port = Number(arg('--port') ?? process.env.E2E_PORT ?? (await freePort()));
  const server = await startServer(port);
  const o = server.origin;
  const report: string[] = [];
  let failed = false;
  try {
    const id = Date.now().toString(36);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      const page = await context.newPage();
      const shot = async (name: string, p: Page = page) => {
        await p.waitForTimeout(400);
        // Filling the long form scrolled the page: the shot starts at the top, like a visit.
        await p.evaluate(() => window.scrollTo(0, 0));
        // The pointer rests where the last click was: no hover colours in the shot.
        await p.mouse.move(0, 0);
        await p.screenshot({
          path: path.join(outDir, `${name}-${device.name}.png`),
          fullPage: true,
        });
        const axe = await new AxeBuilder({ page: p })
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const bad = axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
        if (axe.violations.some((v) => ['serious', 'critical'].includes(v.impact ?? '')))
          failed = true;
        // Nothing may stick out sideways at 360 px.
        const overflow = await p.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) failed = true;
        report.push(
          `${name}-${device.name}: ${bad.length ? bad.join(', ') : 'clean'}` +
            (overflow > 0 ? `; ${overflow}px sideways overflow` : ''),
        );
      };

      await page.goto(`${o}/register`);
      await page.getByRole('heading', { level: 1, name: 'Join Series Tracker' }).waitFor();
      // A long address shows how the panel wraps it on a phone.
      const name = `rosa_${device.name}_${id}`;
      await page.getByLabel('Username').fill(name);
      await page.getByLabel('Email').fill(`rosa.diaz.${device.name}.${id}@example.test`);
      await page.getByLabel('Display Name (Optional)').fill('Rosa Díaz');
      await page.getByLabel('Password', { exact: true }).fill('watching-all-night');
      await page.getByLabel('Confirm Password').fill('watching-all-night');
      await shot('register-form');

      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await shot('check-your-email');

      await page.getByRole('button', { name: 'Send the link again' }).click();
      await page.getByRole('status').getByText('Sent again.').waitFor();
      await shot('check-your-email-sent-again');

      await page.goto(`${o}/finish-registration?token=not-a-real-token`);
      const finish = page.getByRole('button', { name: 'Finish and sign in' });
      await finish.waitFor();
      await shot('finish-registration');

      await finish.click();
      await page.getByRole('alert').waitFor();
      await shot('finish-registration-invalid');

      await page.goto(`${o}/finish-registration`);
      await page.getByRole('alert').waitFor();
      await shot('finish-registration-no-token');

      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
  console.log(report.join('\n'));
  if (failed) process.exitCode = 1;
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
