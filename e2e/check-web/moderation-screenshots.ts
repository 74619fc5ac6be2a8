/**
 * npx tsx e2e/check-web/moderation-screenshots.ts [--port=N] — docs/screenshots/moderation/:
 * the screens of ADR 151 at 1280 and 360 px from the production build (`npm run build`
 * first): the report dialog, the moderation queue (with a report, empty, and failing to
 * load), a hidden comment seen by its author, the suspension banner, and a member opening
 * /moderation. axe runs on each; its findings are printed at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/moderation');
const args = process.argv.slice(2);
const portFlag = args.find((a) => a.startsWith('--port='))?.split('=')[1];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-shots-'));
  const dbUrl = `file:${path.join(dir, 'shots.db')}`;
  const server = await startServer(Number(portFlag ?? (await freePort())), {
    DATABASE_URL: dbUrl,
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const axeReport: string[] = [];
  const api = async <T>(method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${server.origin}/api${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const id = Date.now().toString(36);
  const member = async (name: string, displayName: string) => {
    const u = {
      username: `${name}_${id}`,
      email: `${name}_${id}@example.test`,
      password: 'watching-all-night',
      displayName,
    };
    const r = await registerMember(server, u);
    return { ...u, ...r };
  };
  const shoot = async (page: Page, name: string) => {
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(path.relative(repoRoot, file));
    const r = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
    axeReport.push(`axe ${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
  };
  const signedIn = async (
    b: Browser,
    viewport: { width: number; height: number },
    token: string,
  ) => {
    const context = await b.newContext({ viewport });
    await context.addInitScript((t) => {
      window.localStorage.setItem('manga_tracker_token', t);
    }, token);
    return context.newPage();
  };
  try {
    const author = await member('severin', 'Severin Okafor');
    const commenter = await member('spammy', 'Deals Daily');
    const reporter = await member('mara', 'Mara Lindqvist');
    const mod = await member('modjo', 'Jo the Moderator');
    const pat = await member('pat', 'Pat Reyes');
    execFileSync(
      process.execPath,
      [path.join(repoRoot, 'apps/api/dist/admin.js'), 'grant', mod.username, '--role', 'moderator'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' } },
    );
    const show = (
      await api<{ data: { id: number }[] }>('GET', '/search/shows?q=game%20of%20thrones&limit=1')
    ).data[0]!;
    const review = await api<{ id: number }>(
      'POST',
      '/reviews',
      {
        showId: show.id,
        title: 'Worth the ride, mostly',
        content:
          'Long, sprawling and mostly worth it. The middle seasons are the best television of the decade.',
        rating: 8,
      },
      author.token,
    );
    const spam = await api<{ id: number }>(
      'POST',
      `/reviews/${review.id}/comments`,
      { content: 'Cheap streaming passes at spam.example — click now!!!' },
      commenter.token,
    );
    await api(
      'POST',
      `/reviews/${review.id}/comments`,
      { content: 'Agreed about season four.' },
      reporter.token,
    );
    await api(
      'POST',
      '/moderation/reports',
      {
        itemType: 'comment',
        itemId: spam.id,
        reason: 'spam',
        details: 'Same link posted under ten reviews today',
      },
      pat.token,
    );
    await api(
      'POST',
      '/moderation/reports',
      { itemType: 'comment', itemId: spam.id, reason: 'other', details: 'Looks like a bot' },
      author.token,
    );

    const devices = [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ];
    for (const d of devices) {
      // The report dialog, from the comment's Report button.
      const page = await signedIn(browser, d.viewport, reporter.token);
      await page.goto(`${server.origin}/review/${review.id}`);
      await settle(page);
      await page
        .locator('li', { hasText: 'Cheap streaming' })
        .getByRole('button', { name: 'Report' })
        .click();
      await page.getByRole('dialog').getByLabel('Abuse or harassment').check();
      await page.waitForTimeout(200);
      await shoot(page, `report-dialog-${d.name}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
      await settle(page);
      // The second device's try is the same member's second report: "already reported".
      await shoot(
        page,
        `${d.name === 'desktop' ? 'report-sent' : 'report-already-reported'}-${d.name}`,
      );
      await page.context().close();

      // The queue, with the reports; one action's dialog.
      const q = await signedIn(browser, d.viewport, mod.token);
      await q.goto(`${server.origin}/moderation`);
      await settle(q);
      await shoot(q, `queue-${d.name}`);
      await q
        .locator('article', { hasText: 'Cheap streaming' })
        .getByRole('button', { name: 'Suspend author' })
        .click();
      await q.getByRole('dialog').getByLabel('Reason').fill('Spam links under many reviews');
      await shoot(q, `queue-suspend-dialog-${d.name}`);
      await q.context().close();

      // The queue failing to load, and empty.
      const failing = await signedIn(browser, d.viewport, mod.token);
      await failing.route('**/api/moderation/reports*', (r) =>
        r.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'An error occurred', code: 'INTERNAL_ERROR' }),
        }),
      );
      await failing.goto(`${server.origin}/moderation`);
      // The query client retries a 500 a few times before the error state shows.
      await failing.getByText('Could not load the reports').waitFor({ timeout: 30_000 });
      await settle(failing);
      await shoot(failing, `queue-error-${d.name}`);
      await failing.route('**/api/moderation/reports*', (r) =>
        r.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ data: [], total: 0, limit: 50, offset: 0, hasMore: false }),
        }),
      );
      await failing.reload();
      await settle(failing);
      await shoot(failing, `queue-empty-${d.name}`);
      await failing.context().close();

      // A member opening /moderation gets the not-found page.
      const m = await signedIn(browser, d.viewport, reporter.token);
      await m.goto(`${server.origin}/moderation`);
      await settle(m);
      await shoot(m, `member-not-found-${d.name}`);
      await m.context().close();
    }

    // Hide the comment; its author sees the notice.
    await api(
      'POST',
      `/moderation/items/comment/${spam.id}/actions`,
      { action: 'hide', reason: 'Advertising is not allowed here' },
      mod.token,
    );
    for (const d of devices) {
      const page = await signedIn(browser, d.viewport, commenter.token);
      await page.goto(`${server.origin}/review/${review.id}`);
      await settle(page);
      await page.getByRole('note').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -120));
      await shoot(page, `hidden-comment-author-${d.name}`);
      await page.context().close();
    }
    // Suspend the commenter for 14 days: the banner.
    await api(
      'POST',
      `/moderation/items/profile/${commenter.user.id}/actions`,
      { action: 'suspend', reason: 'Repeated spam links', suspendDays: 14 },
      mod.token,
    );
    for (const d of devices) {
      const page = await signedIn(browser, d.viewport, commenter.token);
      await page.goto(`${server.origin}/reviews`);
      await settle(page);
      await shoot(page, `suspension-banner-${d.name}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(axeReport.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
