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
import { api as call, repoRoot } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/moderation');

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-shots-'));
  const dbUrl = `file:${path.join(dir, 'shots.db')}`;
  const env = { DATABASE_URL: dbUrl, MAIL_OUTBOX_DIR: path.join(dir, 'outbox') };
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  await shots.withSite({ env, cleanUp }, async (server, browser) => {
    const report = new shots.Report({ prefix: 'axe ' });
    const shoot = shots.shooter({ dir: outDir, report, log: true });
    const member = (name: string, displayName: string) => shots.join(server, name, displayName);
    const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
      call<T>(server.origin, method, url, body, token);
    const author = await member('severin', 'Severin Okafor');
    const commenter = await member('spammy', 'Deals Daily');
    const reporter = await member('mara', 'Mara Lindqvist');
    const mod = await member('modjo', 'Jo the Moderator');
    const pat = await member('pat', 'Pat Reyes');
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'apps/api/dist/admin.js'),
        'grant',
        mod.user.username,
        '--role',
        'moderator',
      ],
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

    for (const d of shots.devices) {
      // The report dialog, from the comment's Report button.
      const page = await shots.open(browser, d, reporter.token);
      await page.goto(`${server.origin}/review/${review.id}`);
      await shots.settle(page, 300);
      await page
        .locator('li', { hasText: 'Cheap streaming' })
        .getByRole('button', { name: 'Report' })
        .click();
      await page.getByRole('dialog').getByLabel('Abuse or harassment').check();
      await page.waitForTimeout(200);
      await shoot(page, `report-dialog-${d.name}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
      await shots.settle(page, 300);
      // The second device's try is the same member's second report: "already reported".
      await shoot(
        page,
        `${d.name === 'desktop' ? 'report-sent' : 'report-already-reported'}-${d.name}`,
      );
      await page.context().close();

      // The queue, with the reports; one action's dialog.
      const q = await shots.open(browser, d, mod.token);
      await q.goto(`${server.origin}/moderation`);
      await shots.settle(q, 300);
      await shoot(q, `queue-${d.name}`);
      await q
        .locator('article', { hasText: 'Cheap streaming' })
        .getByRole('button', { name: 'Suspend author' })
        .click();
      await q.getByRole('dialog').getByLabel('Reason').fill('Spam links under many reviews');
      await shoot(q, `queue-suspend-dialog-${d.name}`);
      await q.context().close();

      // The queue failing to load, and empty.
      const failing = await shots.open(browser, d, mod.token);
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
      await shots.settle(failing, 300);
      await shoot(failing, `queue-error-${d.name}`);
      await failing.route('**/api/moderation/reports*', (r) =>
        r.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ data: [], total: 0, limit: 50, offset: 0, hasMore: false }),
        }),
      );
      await failing.reload();
      await shots.settle(failing, 300);
      await shoot(failing, `queue-empty-${d.name}`);
      await failing.context().close();

      // A member opening /moderation gets the not-found page.
      const m = await shots.open(browser, d, reporter.token);
      await m.goto(`${server.origin}/moderation`);
      await shots.settle(m, 300);
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
    for (const d of shots.devices) {
      const page = await shots.open(browser, d, commenter.token);
      await page.goto(`${server.origin}/review/${review.id}`);
      await shots.settle(page, 300);
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
    for (const d of shots.devices) {
      const page = await shots.open(browser, d, commenter.token);
      await page.goto(`${server.origin}/reviews`);
      await shots.settle(page, 300);
      await shoot(page, `suspension-banner-${d.name}`);
      await page.context().close();
    }
    report.print();
  });
}

shots.run(main);
