import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { registerViaUi, showSpoilers } from './helpers';

/**
 * Issue 22 (ADR 160): a member in Tokyo tracks a show with an episode that aired an hour ago
 * and one later today; the calendar shows them on their day, the feed subscribes, the daily
 * digest arrives in the dev outbox (with one-click unsubscribe headers) and the bell rings.
 */
const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');
const dbFile = path.join(tmp, `e2e-${process.env.E2E_RUN_ID}.db`);
const outboxDir = path.join(tmp, `e2e-${process.env.E2E_RUN_ID}-outbox`);
const ZONE = 'Asia/Tokyo';

test.use({ timezoneId: ZONE });

/** Two instants inside today in Tokyo: one just past, one still to come. */
function todayInTokyo(now = Date.now()) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(now));
  const start = Date.parse(`${date}T00:00:00+09:00`);
  const end = start + 86_400_000;
  const past = now - Math.min(3_600_000, (now - start) / 2);
  const future = now + Math.min(3_600_000, (end - now) / 2);
  return { date, past: new Date(past).toISOString(), future: new Date(future).toISOString() };
}

test('calendar, iCal feed, daily digest in the outbox and the bell', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerViaUi(page);
  // This journey reads new episodes' titles in the calendar, the digest and the bell: the
  // member shows spoilers (spoilers.spec.ts covers what protection hides there).
  await showSpoilers(page);
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  const auth = { authorization: `Bearer ${token}` };

  // A catalogue show with two new episodes today (the bundled snapshot has none this week).
  const found = await (await request.get('/api/search/shows?q=breaking%20bad&limit=1')).json();
  const show = found.data[0] as { id: number; title: string };
  const { date, past, future } = todayInTokyo();
  const db = new Database(dbFile);
  const now = new Date().toISOString();
  const insert = db.prepare(
    `insert into episodes (source_id, source_hash, show_id, season_number, episode_number, type,
      title, air_date, air_stamp, runtime_minutes, created_at, updated_at)
     values (?, ?, ?, 99, ?, 'regular', ?, ?, ?, 45, ?, ?)`,
  );
  const stamp = Date.now().toString(36);
  insert.run(`e2e:${stamp}:1`, stamp, show.id, 1, 'Aired An Hour Ago', date, past, now, now);
  insert.run(`e2e:${stamp}:2`, stamp, show.id, 2, 'Later Tonight', date, future, now, now);

  const tracked = await request.post('/api/user-content-status', {
    headers: auth,
    data: { showId: show.id, status: 'watching' },
  });
  expect(tracked.ok()).toBe(true);

  // First visit: the calendar adopts the browser's time zone and shows today's episodes.
  await page.goto('/calendar?view=agenda');
  await expect(page.getByText(`in your time zone (${ZONE})`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Aired An Hour Ago/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Later Tonight/ })).toBeVisible();
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(
    page.getByRole('link', { name: new RegExp(`${show.title} S99E2`) }).first(),
  ).toBeVisible();

  // Settings: a daily digest, and a private feed address that serves the episodes.
  await page.goto('/settings#calendar-heading');
  await page.getByRole('radio', { name: 'A daily digest of the day’s episodes' }).check();
  await expect(
    page.getByRole('status').filter({ hasText: 'Calendar and alert settings saved' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Get my calendar address' }).click();
  const feedUrl = await page
    .getByRole('textbox', { name: 'Your private calendar address' })
    .inputValue();
  const feed = await request.get(new URL(feedUrl).pathname);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics.replace(/\r\n /g, '')).toContain('S99E02 · Later Tonight');

  // The member has been watching for a while (the bell only tells of episodes after tracking).
  db.prepare(
    `update watchlist_items set created_at = ? where show_id = ? and user_id = (select id from users where username = ?)`,
  ).run('2020-01-01T00:00:00.000Z', show.id, user.username);
  db.close();

  // The alert job (every 10 s on the server) writes the digest to the dev outbox.
  let digest: Awaited<ReturnType<typeof simpleParser>> | null = null;
  let raw = '';
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((n) =>
          n.endsWith('.eml'),
        );
        for (const name of names) {
          const file = await fs.readFile(path.join(outboxDir, name));
          const mail = await simpleParser(file);
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          if (
            to?.value[0]?.address === user.email &&
            mail.subject?.startsWith('Today on your shows')
          ) {
            digest = mail;
            raw = file.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
            return true;
          }
        }
        return false;
      },
      { timeout: 45_000, message: 'a digest mail in the outbox' },
    )
    .toBe(true);
  const mail = digest!;
  // The day as the member's language writes it (issue 31): English here.
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  expect(mail.subject).toBe(`Today on your shows: 2 episodes (${day})`);
  expect(mail.text).toContain('Later Tonight');
  // One-click unsubscribe (RFC 8058) headers, as mail clients read them.
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(raw).toMatch(
    /^List-Unsubscribe: <http[^>]+\/api\/alerts\/unsubscribe\?token=[\w-]+>\r?$/m,
  );

  // The bell: the episode that aired rings it; opening it marks it read.
  await page.goto('/calendar');
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.getByRole('link', { name: /New episode: .* S99E1 · Aired An Hour Ago/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/episode\/\d+$/);
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();

  // One-click unsubscribe from the mail's footer link.
  const link = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer receive new-episode e-mails.')).toBeVisible();
});
