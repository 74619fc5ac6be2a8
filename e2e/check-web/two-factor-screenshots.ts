/**
 * npx tsx e2e/check-web/two-factor-screenshots.ts [--port N] [--out DIR] —
 * docs/screenshots/two-factor/*.png: Settings › Security (ADR 173) at 1280×800 and 360×740
 * from the production build (`npm run build` first), with axe (target-size on) and a
 * sideways-overflow check on each: two-factor off, the authenticator enrolment, the backup
 * codes shown once, a passkey listed (Chromium's virtual authenticator), the second step of a
 * password sign-in, and "Confirm it's you" for a member without a password (ADR 174: "Sign in
 * again with Test ID", a real OpenID Provider on loopback).
 *
 * The site runs at http://localhost:<port> (PUBLIC_URL): WebAuthn takes a host name, not an IP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TOTP } from 'otpauth';
import type { Browser, Page } from '@playwright/test';
import { startOpenIdProvider, type TestOpenIdProvider } from '../../apps/api/test/oidc-provider';
import { registerMember, type RunningServer } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/two-factor');
// A serious finding, or anything sticking out sideways, fails the script.
const report = new shots.Report({
  ...shots.strict,
  clean: 'axe clean',
  sideways: 'pixels-or-none',
});

/** `fullPage: false` for what sits in the first screen (a full page draws the sticky header
 * over the middle of it). */
const shot = shots.shooter({ dir: outDir, report, fullPage: true, before: (p) => shots.still(p) });

/** Settings › Security alone (the sticky header must not cover its top), checked on the page. */
async function sectionShot(page: Page, name: string) {
  await shots.still(page, 300);
  await shots.shootRegion(page, 'Security', path.join(outDir, `${name}.png`));
  await report.check(page, name);
}

async function screens(
  browser: Browser,
  site: string,
  server: RunningServer,
  op: TestOpenIdProvider,
  dbFile: string,
) {
  const id = Date.now().toString(36);
  for (const device of shots.widths) {
    const d = device.name;
    const member = await registerMember(server, {
      username: `ines_${d}_${id}`,
      email: `ines.${d}.${id}@example.test`,
      password: 'watching-all-night',
    });
    const context = await browser.newContext({ viewport: device.viewport });
    const page = await context.newPage();
    await page.goto(`${site}/login`);
    await page.evaluate(
      (token) => localStorage.setItem('manga_tracker_token', token),
      member.token,
    );
    await page.goto(`${site}/settings#security`);
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('heading', { name: 'Two-factor sign-in: off' }).waitFor();
    await sectionShot(page, `security-off-${d}`);
    await shot(page, `settings-page-${d}`);

    await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = security.getByLabel('Key', { exact: true });
    await key.waitFor();
    await sectionShot(page, `security-enrolment-${d}`);
    const totp = new TOTP({ secret: (await key.inputValue()).replace(/\s/g, '') });
    await security.getByLabel('Code from the app').fill(totp.generate());
    await security.getByRole('button', { name: 'Turn on' }).click();
    await security.getByRole('list', { name: 'Backup codes' }).waitFor();
    await sectionShot(page, `security-backup-codes-${d}`);
    await security.getByRole('button', { name: 'I saved them' }).click();

    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await security.getByLabel('Name of the new passkey').fill('Pixel 9 (Android, personal)');
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await security.getByRole('list', { name: 'Your passkeys' }).waitFor();
    await sectionShot(page, `security-on-passkey-${d}`);

    // The second step of a password sign-in.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${site}/login`);
    await page.getByLabel('Username or Email').fill(member.user.username);
    await page.getByLabel('Password').fill('watching-all-night');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await shot(page, `second-factor-step-${d}`, false);
    await context.close();

    // "Confirm it's you" for a member who signed up through the provider (no password).
    const fresh = await browser.newContext({ viewport: device.viewport });
    const p2 = await fresh.newPage();
    const username = `noor_${d}_${id}`;
    op.addAccount({
      sub: `noor-${d}-${id}`,
      username,
      password: 'provider password',
      email: `noor.${d}.${id}@idp.example.test`,
      emailVerified: true,
      name: 'Noor Haddad',
    });
    await p2.goto(`${site}/login?next=${encodeURIComponent('/settings#security')}`);
    await p2.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await shots.signInAtProvider(p2, username);
    await p2.getByRole('region', { name: 'Security' }).waitFor();
    const db = new Database(dbFile);
    db.prepare(
      'update sessions set verified_at = ? where user_id = (select id from users where username = ?)',
    ).run(new Date(Date.now() - 20 * 60_000).toISOString(), username);
    db.close();
    await p2
      .getByRole('region', { name: 'Security' })
      .getByRole('button', { name: 'Set up an authenticator app' })
      .click();
    await p2
      .getByRole('dialog', { name: 'Confirm it’s you' })
      .getByRole('button', { name: 'Sign in again with Test ID' })
      .waitFor();
    await shot(p2, `confirm-with-provider-${d}`, false);
    await fresh.close();
  }
}

async function main() {
  const sitePort = await shots.port();
  const site = `http://localhost:${sitePort}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-factor-shots-'));
  const dbFile = path.join(dir, 'site.db');
  const op = await startOpenIdProvider({ redirectUris: [`${site}/api/auth/oidc/callback`] });
  const env = {
    PUBLIC_URL: site,
    DATABASE_URL: `file:${dbFile}`,
    SESSION_CACHE_SECONDS: '0',
    ...shots.oidcEnv(op),
  };
  const cleanUp = async () => {
    await op.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  await shots.withSite({ port: sitePort, env, cleanUp }, async (server, browser) => {
    await shots.takeFirstAccount(server);
    await screens(browser, site, server, op, dbFile);
  });
  report.print();
}

shots.run(main);
