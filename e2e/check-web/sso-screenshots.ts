/**
 * npx tsx e2e/check-web/sso-screenshots.ts [--port N] [--out DIR] — docs/screenshots/sso/*.png:
 * single sign-on (ADR 174) at 1280×800 and 360×740 from the production build (`npm run build`
 * first), with axe (target-size on) and a sideways-overflow check on each: the sign-in and
 * register pages with "Sign in with Test ID", the sign-in page with PASSWORD_SIGN_IN=off, the
 * /auth/sso page refusing a spent code, the provider callback's error page (an address that
 * belongs to an account), and Settings › Single sign-on (not linked, linked, only way in).
 * A real OpenID Provider (apps/api/test/oidc-provider.ts) runs on a free loopback port.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startOpenIdProvider, type TestOpenIdProvider } from '../../apps/api/test/oidc-provider';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
  type RunningServer,
} from './server';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(arg('--out') ?? path.join(repoRoot, 'docs/screenshots/sso'));
const devices = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];
const report: string[] = [];
let failed = false;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
  const axe = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const bad = axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
  if (axe.violations.some((v) => ['serious', 'critical'].includes(v.impact ?? ''))) failed = true;
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) failed = true;
  report.push(
    `${name}: ${bad.length ? bad.join(', ') : 'clean'}` +
      (overflow > 0 ? `; ${overflow}px sideways overflow` : ''),
  );
}

/** One section alone: the sticky header must not cover its top. */
async function sectionShot(page: Page, name: string) {
  await page.evaluate(() =>
    document.querySelector('header')?.style.setProperty('position', 'static'),
  );
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(outDir, `${name}.png`) });
  await page.evaluate(() => document.querySelector('header')?.style.removeProperty('position'));
}

async function signInAtProvider(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('provider password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function withSite(
  env: Record<string, string>,
  run: (server: RunningServer, op: TestOpenIdProvider) => Promise<void>,
) {
  const port = Number(arg('--port') ?? (await freePort()));
  const origin = `http://127.0.0.1:${port}`;
  const op = await startOpenIdProvider({ redirectUris: [`${origin}/api/auth/oidc/callback`] });
  const server = await startServer(port, {
    PUBLIC_URL: origin,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_PROVIDER_NAME: 'Test ID',
    CATALOG_AUTO_IMPORT: 'off',
    ...env,
  });
  try {
    await run(server, op);
  } finally {
    await server.stop();
    await op.close();
  }
}

async function screens(browser: Browser, server: RunningServer, op: TestOpenIdProvider) {
  const o = server.origin;
  const id = Date.now().toString(36);
  for (const device of devices) {
    const d = `${device.name}`;
    const context = await browser.newContext({ viewport: device.viewport });
    const page = await context.newPage();

    await page.goto(`${o}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).waitFor();
    await shot(page, `sign-in-${d}`);
    await page.goto(`${o}/register`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).waitFor();
    await shot(page, `register-${d}`);

    await page.goto(`${o}/auth/sso#code=spent-or-never-issued`);
    await page.getByRole('alert').waitFor();
    await shot(page, `callback-code-refused-${d}`);

    // An address that belongs to an account: the callback's page, never a silent link.
    const member = await registerMember(server, {
      username: `mara_${d}_${id}`,
      email: `mara.${d}.${id}@example.test`,
      password: 'watching-all-night',
    });
    op.addAccount({
      sub: `same-address-${d}-${id}`,
      username: `mara_idp_${d}_${id}`,
      password: 'provider password',
      email: member.user.email,
      emailVerified: true,
    });
    await page.goto(`${o}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await signInAtProvider(page, `mara_idp_${d}_${id}`);
    await page.getByRole('heading', { name: 'Signing in did not work' }).waitFor();
    await shot(page, `callback-email-in-use-${d}`);

    // Settings: the member signed in with the password, not linked; then linked.
    await page.goto(`${o}/login`);
    await page.evaluate(
      (token) => localStorage.setItem('manga_tracker_token', token),
      member.token,
    );
    await page.goto(`${o}/settings#sso-heading`);
    const section = page.getByRole('region', { name: 'Single sign-on' });
    await section.getByRole('button', { name: 'Link Test ID' }).waitFor();
    await sectionShot(page, `settings-not-linked-${d}`);
    await shot(page, `settings-page-${d}`);
    // The provider still knows this browser (the refused sign-in above): straight back, linked.
    await section.getByRole('button', { name: 'Link Test ID' }).click();
    await section.getByText('Test ID is now linked to your account.').waitFor();
    await sectionShot(page, `settings-linked-${d}`);
    report.push(`settings-linked-${d}: section only (the page is checked above)`);
    await context.close();

    // A member made by the provider: the link is their only way in.
    const fresh = await browser.newContext({ viewport: device.viewport });
    const p2 = await fresh.newPage();
    op.addAccount({
      sub: `new-${d}-${id}`,
      username: `Noor ${d} ${id}`,
      password: 'provider password',
      email: `noor.${d}.${id}@idp.example.test`,
      emailVerified: true,
      name: 'Noor Haddad',
    });
    await p2.goto(`${o}/login?next=${encodeURIComponent('/settings#sso-heading')}`);
    await p2.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await signInAtProvider(p2, `Noor ${d} ${id}`);
    const s2 = p2.getByRole('region', { name: 'Single sign-on' });
    await s2.getByRole('button', { name: 'Unlink Test ID' }).waitFor();
    await sectionShot(p2, `settings-only-way-in-${d}`);
    await shot(p2, `settings-sso-member-${d}`);
    await fresh.close();
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    await withSite({}, (server, op) => screens(browser, server, op));
    await withSite({ PASSWORD_SIGN_IN: 'off' }, async (server) => {
      for (const device of devices) {
        const context = await browser.newContext({ viewport: device.viewport });
        const page = await context.newPage();
        await page.goto(`${server.origin}/login`);
        await page.getByRole('link', { name: 'Sign in with Test ID' }).waitFor();
        await shot(page, `sign-in-passwords-off-${device.name}`);
        await context.close();
      }
    });
  } finally {
    await browser.close();
  }
  console.log(report.join('\n'));
  if (failed) process.exitCode = 1;
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
