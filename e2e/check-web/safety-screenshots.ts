/**
 * Screenshots of issue 21's screens (ADR 150) at 1280 and 360 px, with axe, from the
 * production build (`npm run build` first): the undo-email-change page (ready, refused link,
 * no token) and a private profile's followers page.
 * `npx tsx e2e/check-web/safety-screenshots.ts [--port N] [--out DIR]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, registerMember, repoRoot, seed, startServer } from './server';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(arg('--out') ?? path.join(repoRoot, 'e2e/.tmp/safety-shots'));
const port = Number(arg('--port') ?? process.env.E2E_PORT ?? 3231);

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(port);
  try {
    const o = server.origin;
    const viewer = await seed(server);
    const id = Date.now().toString(36);
    const quiet = await registerMember(server, {
      username: `quiet_${id}`,
      email: `quiet_${id}@example.test`,
      password: 'a quiet evening in',
      displayName: 'Quiet Quinn',
    });
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
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((token) => {
        window.localStorage.setItem('manga_tracker_token', token);
      }, viewer.token);
      const page = await context.newPage();
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
        const axe = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const serious = axe.violations.filter((v) =>
          ['serious', 'critical'].includes(v.impact ?? ''),
        );
        console.log(`${file} axe: ${axe.violations.length} (serious/critical ${serious.length})`);
        for (const v of serious) console.log(`  ${v.id}: ${v.help}`);
      }
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
