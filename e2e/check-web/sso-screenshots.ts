/**
 * npx tsx e2e/check-web/sso-screenshots.ts [--port N] [--out DIR] — docs/screenshots/sso/*.png:
 * single sign-on (ADR 174) at 1280×800 and 360×740 from the production build (`npm run build`
 * first), with axe (target-size on) and a sideways-overflow check on each: the sign-in and
 * register pages with "Sign in with Test ID", the sign-in page with PASSWORD_SIGN_IN=off, the
 * /auth/sso page refusing a spent code, the provider callback's error page (an address that
 * belongs to an account), and Settings › Single sign-on (not linked, linked, only way in).
 * A real OpenID Provider (apps/api/test/oidc-provider.ts) runs on a free loopback port.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startOpenIdProvider, type TestOpenIdProvider } from '../../apps/api/test/oidc-provider';
import { registerMember, type RunningServer } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/sso');
// A serious finding, or anything sticking out sideways, fails the script.
const report = new shots.Report(shots.strict);
const shot = shots.shooter({ dir: outDir, report, fullPage: true, before: (p) => shots.still(p) });

/** One section alone. */
const sectionShot = (page: Page, name: string) =>
  shots.shootRegion(page, 'Single sign-on', path.join(outDir, `${name}.png`));

/** A site (and a browser) whose single sign-on goes to a provider of its own. */
async function site(
  env: Record<string, string>,
  body: (server: RunningServer, browser: Browser, op: TestOpenIdProvider) => Promise<void>,
) {
  const sitePort = await shots.port();
  const origin = `http://127.0.0.1:${sitePort}`;
  const op = await startOpenIdProvider({ redirectUris: [`${origin}/api/auth/oidc/callback`] });
  const siteEnv = { PUBLIC_URL: origin, ...shots.oidcEnv(op), ...env };
  const cleanUp = () => op.close();
  await shots.withSite({ port: sitePort, env: siteEnv, cleanUp }, (server, browser) =>
    body(server, browser, op),
  );
}

async function screens(server: RunningServer, browser: Browser, op: TestOpenIdProvider) {
  const o = server.origin;
  const id = Date.now().toString(36);
  for (const device of shots.devices) {
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
    await shots.signInAtProvider(page, `mara_idp_${d}_${id}`);
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
    await shots.signInAtProvider(p2, `Noor ${d} ${id}`);
    const s2 = p2.getByRole('region', { name: 'Single sign-on' });
    await s2.getByRole('button', { name: 'Unlink Test ID' }).waitFor();
    await sectionShot(p2, `settings-only-way-in-${d}`);
    await shot(p2, `settings-sso-member-${d}`);
    await fresh.close();
  }
}

async function main() {
  await site({}, screens);
  await site({ PASSWORD_SIGN_IN: 'off' }, async (server, browser) => {
    for (const device of shots.devices) {
      const context = await browser.newContext({ viewport: device.viewport });
      const page = await context.newPage();
      await page.goto(`${server.origin}/login`);
      await page.getByRole('link', { name: 'Sign in with Test ID' }).waitFor();
      await shot(page, `sign-in-passwords-off-${device.name}`);
      await context.close();
    }
  });
  report.print();
}

shots.run(main);
