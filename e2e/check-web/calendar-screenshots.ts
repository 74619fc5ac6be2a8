/**
 * npx tsx e2e/check-web/calendar-screenshots.ts [--port N] — docs/screenshots/calendar/*.png
 * (issue 22, ADR 160): the calendar (month, agenda, empty, error), the bell with unread, the
 * notifications list and Settings → Calendar & alerts, at 1280×800 and 360×740, from the
 * production build (`npm run build` first), with axe on each desktop screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/calendar');
const ZONE = 'America/New_York';

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-shots-'));
  const dbFile = path.join(dir, 'calendar.db');
  const env = {
    DATABASE_URL: `file:${dbFile}`,
    ALERT_CHECK_SECONDS: '10',
    ALERT_DIGEST_HOUR: '0',
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  };
  await shots.withSite({ env }, async (server, browser) => {
    const o = server.origin;
    const member = await shots.join(server, 'cal', 'Casey Calendar');
    const empty = await shots.join(server, 'new');
    const friend = await shots.join(server, 'fan', 'Frankie Fan');
    await call(o, 'PUT', '/calendar/settings', { timeZone: ZONE }, member.token);
    await call(o, 'PUT', '/calendar/settings', { timeZone: ZONE }, empty.token);

    const titles = ['breaking bad', 'the office', 'friends', 'game of thrones', 'sherlock'];
    const shows: { id: number; title: string }[] = [];
    for (const q of titles) {
      const r = await call<{ data: { id: number; title: string }[] }>(
        o,
        'GET',
        `/search/shows?q=${encodeURIComponent(q)}&limit=1`,
      );
      if (r.data[0]) shows.push(r.data[0]);
    }
    // Episodes around today (the bundled snapshot has none this month): evenings in New York,
    // a few all-day ones, one that aired an hour ago.
    const db = new Database(dbFile);
    const insert = db.prepare(
      `insert into episodes (source_id, source_hash, show_id, season_number, episode_number, type,
        title, air_date, air_stamp, runtime_minutes, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'regular', ?, ?, ?, 45, ?, ?)`,
    );
    const now = new Date();
    const iso = now.toISOString();
    const names = ['The Return', 'Crossroads', 'Quiet Night', 'Long Shadows', 'Finale, Part 1'];
    let n = 0;
    for (const [i, show] of shows.entries()) {
      for (let k = 0; k < 6; k++) {
        const offset = -12 + i * 2 + k * 5;
        const day = new Date(now.getTime() + offset * 86_400_000);
        const date = day.toISOString().slice(0, 10);
        const allDay = (i + k) % 4 === 3;
        // 20:00–22:30 New York time (UTC-5 in winter).
        const stamp = allDay
          ? null
          : `${date}T${String(1 + ((i + k) % 4)).padStart(2, '0')}:${k % 2 ? '30' : '00'}:00.000Z`;
        insert.run(
          `shots:${shots.runId}:${n}`,
          `${shots.runId}${n}`,
          show.id,
          20,
          k + 1,
          names[(i + k) % names.length],
          date,
          stamp,
          iso,
          iso,
        );
        n++;
      }
    }
    const airedId = Number(
      insert.run(
        `shots:${shots.runId}:aired`,
        `${shots.runId}a`,
        shows[0]!.id,
        20,
        9,
        'Felina',
        iso.slice(0, 10),
        new Date(now.getTime() - 3_600_000).toISOString(),
        iso,
        iso,
      ).lastInsertRowid,
    );
    const statuses = ['watching', 'watching', 'want_to_watch', 'paused', 'watching'];
    for (const [i, show] of shows.entries())
      await call(
        o,
        'POST',
        '/user-content-status',
        { showId: show.id, status: statuses[i] },
        member.token,
      );
    db.prepare('update watchlist_items set created_at = ? where user_id = ?').run(
      '2020-01-01T00:00:00.000Z',
      member.user.id,
    );
    db.close();
    void airedId;

    // The bell: a follow, a like, a comment; the alert job adds the aired episode.
    await call(o, 'POST', `/social/${member.user.id}/follow`, undefined, friend.token);
    const review = await call<{ id: number }>(
      o,
      'POST',
      '/reviews',
      {
        showId: shows[0]!.id,
        title: 'Still the best',
        content: 'Every rewatch finds something new.',
        rating: 10,
      },
      member.token,
    );
    await call(o, 'POST', `/reviews/${review.id}/like`, undefined, friend.token);
    await call(
      o,
      'POST',
      `/reviews/${review.id}/comments`,
      { content: 'Agreed, all of it.' },
      friend.token,
    );
    for (let i = 0; i < 40; i++) {
      const c = await call<{ unreadCount: number }>(
        o,
        'GET',
        '/notifications/unread-count',
        undefined,
        member.token,
      );
      if (c.unreadCount >= 4) break;
      await new Promise((r) => setTimeout(r, 1000));
    }

    const report = new shots.Report({ finding: shots.finding.firstTarget });
    for (const device of shots.devices) {
      const context = await browser.newContext({ viewport: device.viewport, timezoneId: ZONE });
      const page = await shots.newPage(context, member.token);
      const shot = shots.shooter({ dir: outDir, device, report, desktopOnly: true, log: true });
      await page.goto(`${o}/calendar`);
      await shots.settle(page);
      await shot(page, 'calendar-month', device.name === 'phone');
      await page.goto(`${o}/calendar?view=agenda`);
      await shots.settle(page);
      await shot(page, 'calendar-agenda');
      await page.goto(`${o}/notifications`);
      await shots.settle(page);
      await shot(page, 'notifications');
      await page.goto(`${o}/settings`);
      await shots.settle(page);
      await page.locator('#calendar-heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, 'settings-calendar');
      await page.getByRole('button', { name: /calendar address|Make a new address/ }).click();
      await page.waitForTimeout(400);
      await page
        .getByRole('textbox', { name: 'Your private calendar address' })
        .scrollIntoViewIfNeeded();
      await shot(page, 'settings-calendar-feed');
      // A failed load is an error with Try again, never an empty calendar.
      await page.route('**/api/calendar?*', (r) =>
        r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } }),
      );
      await page.goto(`${o}/calendar`);
      await page.getByText('Database unavailable').waitFor({ timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'calendar-error');
      const newcomer = await shots.newPage(context, empty.token);
      await newcomer.goto(`${o}/calendar`);
      await shots.settle(newcomer);
      await shot(newcomer, 'calendar-empty');
      await context.close();
    }
    report.print();
  });
}

shots.run(main);
