/**
 * npx tsx e2e/check-web/registration-screenshots.ts [--port N] [--out DIR] —
 * docs/screenshots/registration/*.png: registering that does not reveal a registered address
 * (ADR 152): the register form, the "Check your e-mail" panel (and after "Send the link
 * again"), the /finish-registration page (ready, a refused link, no token) at 1280×800 and
 * 360×740 from the production build (`npm run build` first), with axe (target-size on) on each.
 */
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/registration');

async function main() {
  await shots.withSite({ port: process.env.E2E_PORT }, async (server, browser) => {
    const o = server.origin;
    // Else the form's account would be the site's first, signed in at once with no e-mail step.
    await shots.takeFirstAccount(server);
    // A serious finding, or anything sticking out sideways at 360 px, fails the script.
    const report = new shots.Report(shots.strict);
    const id = Date.now().toString(36);
    for (const device of shots.devices) {
      const page = await shots.open(browser, device);
      const shot = shots.shooter({
        dir: outDir,
        device,
        report,
        fullPage: true,
        before: async (p) => {
          await p.waitForTimeout(400);
          // Filling the long form scrolled the page: the shot starts at the top, like a visit.
          await p.evaluate(() => window.scrollTo(0, 0));
          // The pointer rests where the last click was: no hover colours in the shot.
          await p.mouse.move(0, 0);
        },
      });

      await page.goto(`${o}/register`);
      await page.getByRole('heading', { level: 1, name: 'Join Series Tracker' }).waitFor();
      // A long address shows how the panel wraps it on a phone.
      const name = `rosa_${device.name}_${id}`;
      await page.getByLabel('Username').fill(name);
      await page.getByLabel('Email').fill(`rosa.diaz.${device.name}.${id}@example.test`);
      await page.getByLabel('Display Name (Optional)').fill('Rosa Díaz');
      await page.getByLabel('Password', { exact: true }).fill('watching-all-night');
      await page.getByLabel('Confirm Password').fill('watching-all-night');
      await shot(page, 'register-form');

      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await shot(page, 'check-your-email');

      await page.getByRole('button', { name: 'Send the link again' }).click();
      await page.getByRole('status').getByText('Sent again.').waitFor();
      await shot(page, 'check-your-email-sent-again');

      await page.goto(`${o}/finish-registration?token=not-a-real-token`);
      const finish = page.getByRole('button', { name: 'Finish and sign in' });
      await finish.waitFor();
      await shot(page, 'finish-registration');

      await finish.click();
      await page.getByRole('alert').waitFor();
      await shot(page, 'finish-registration-invalid');

      await page.goto(`${o}/finish-registration`);
      await page.getByRole('alert').waitFor();
      await shot(page, 'finish-registration-no-token');

      await page.context().close();
    }
    report.print();
  });
}

shots.run(main);
