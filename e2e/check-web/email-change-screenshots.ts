/**
 * Screenshots of the e-mail change by link (ADR 152, "E-mail change") at 360 and 1280 px, with
 * axe, from the production build (`npm run build` first): Settings with a change waiting for
 * its link, and /verify-email after the link switched the address.
 * `npx tsx e2e/check-web/email-change-screenshots.ts [--port N] [--out DIR]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { mailsTo } from '../tests/outbox';
import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { chromiumFlags, chromiumPath, registerMember, repoRoot, startServer } from './server';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(arg('--out') ?? path.join(repoRoot, 'docs/screenshots/registration'));
const port = Number(arg('--port') ?? process.env.E2E_PORT ?? 3450);

/** The token of the newest mail to `to` whose subject starts with `subject` (polled: a job sends it). */
async function tokenFromOutbox(outbox: string, to: string, subject: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const token = (await mailsTo(to, subject, outbox)).at(-1)?.link?.searchParams.get('token');
    if (token) return token;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no "${subject}" mail to ${to} in ${outbox}`);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const o = server.origin;
    const id = Date.now().toString(36);
    const { token } = await registerMember(server, {
      username: `robin_${id}`,
      email: `robin_${id}@example.test`,
      password: 'a long walk home',
      displayName: 'Robin Mover',
    });
    const newEmail = `robin.new.home_${id}@example.test`;

    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [TOKEN_STORAGE_KEY, token],
      );
      const page = await context.newPage();
      await page.goto(`${o}/settings`);
      const form = page.getByRole('form', { name: 'Email address' });
      if (width === 360) {
        await form.getByLabel('Email', { exact: true }).fill(newEmail);
        await form.getByLabel('Current Password').fill('a long walk home');
        await form.getByRole('button', { name: 'Change email' }).click();
      }
      await form.getByText('for a link to confirm the change').waitFor();
      await form.scrollIntoViewIfNeeded();
      const axe = await new AxeBuilder({ page })
        .include('form[aria-label="Email address"]')
        .analyze();
      console.log(`settings ${width}: axe violations ${axe.violations.length}`);
      for (const v of axe.violations) console.log(`  ${v.id}: ${v.help}`);
      await form.screenshot({ path: path.join(outDir, `email-change-pending-${width}.png`) });
      await context.close();
    }

    const changeToken = await tokenFromOutbox(server.outboxDir, newEmail, 'Confirm your new');
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [TOKEN_STORAGE_KEY, token],
      );
      const page = await context.newPage();
      // The first opens the link; the second shows a used link's answer.
      await page.goto(`${o}/verify-email?token=${changeToken}`);
      await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
      const axe = await new AxeBuilder({ page }).analyze();
      console.log(`verify ${width}: axe violations ${axe.violations.length}`);
      await page.screenshot({
        path: path.join(outDir, `email-change-${width === 360 ? 'done' : 'used'}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
    console.log(`screenshots in ${outDir}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
