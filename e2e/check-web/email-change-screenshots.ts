/**
 * Screenshots of the e-mail change by link (ADR 152, "E-mail change") at 360 and 1280 px, with
 * axe, from the production build (`npm run build` first): Settings with a change waiting for
 * its link, and /verify-email after the link switched the address.
 * `npx tsx e2e/check-web/email-change-screenshots.ts [--port N] [--out DIR]`.
 */
import path from 'node:path';
import { mailsTo } from '../tests/outbox';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/registration');

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
  await shots.withSite({ port: process.env.E2E_PORT ?? 3450 }, async (server, browser) => {
    const o = server.origin;
    const { token } = await shots.join(server, 'robin', 'Robin Mover', 'a long walk home');
    const newEmail = `robin.new.home_${shots.runId}@example.test`;

    for (const width of [360, 1280]) {
      const page = await shots.open(browser, { viewport: { width, height: 900 } }, token);
      await page.goto(`${o}/settings`);
      const form = page.getByRole('form', { name: 'Email address' });
      if (width === 360) {
        await form.getByLabel('Email', { exact: true }).fill(newEmail);
        await form.getByLabel('Current Password').fill('a long walk home');
        await form.getByRole('button', { name: 'Change email' }).click();
      }
      await form.getByText('for a link to confirm the change').waitFor();
      await form.scrollIntoViewIfNeeded();
      const violations = await shots.axe(page, {
        tags: null,
        include: 'form[aria-label="Email address"]',
      });
      console.log(`settings ${width}: axe violations ${violations.length}`);
      for (const v of violations) console.log(`  ${v.id}: ${v.help}`);
      await form.screenshot({ path: path.join(outDir, `email-change-pending-${width}.png`) });
      await page.context().close();
    }

    const changeToken = await tokenFromOutbox(server.outboxDir, newEmail, 'Confirm your new');
    for (const width of [360, 1280]) {
      const page = await shots.open(browser, { viewport: { width, height: 800 } }, token);
      // The first opens the link; the second shows a used link's answer.
      await page.goto(`${o}/verify-email?token=${changeToken}`);
      await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
      const violations = await shots.axe(page, { tags: null });
      console.log(`verify ${width}: axe violations ${violations.length}`);
      await page.screenshot({
        path: path.join(outDir, `email-change-${width === 360 ? 'done' : 'used'}-${width}.png`),
        fullPage: true,
      });
      await page.context().close();
    }
    console.log(`screenshots in ${outDir}`);
  });
}

shots.run(main);
