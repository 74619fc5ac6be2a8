/**
 * npx tsx e2e/check-web/recommendations-screenshots.ts [--port N] —
 * docs/screenshots/recommendations/*.png (issue 29, ADR 183): home's "Because you watched" rows,
 * /recommendations, and its empty state, at 1280×800 and 360×740 from the production build
 * (`npm run build` first), with axe on every screen at both widths. A small community is written
 * straight into the server's SQLite file, then `npm run admin -- recommendations` runs the job.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { api as call, repoRoot } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/recommendations');

const tastes = [
  ['breaking bad', 'better call saul', 'ozark', 'narcos', 'the wire', 'fargo', 'mindhunter'],
  ['game of thrones', 'stranger things', 'dark', 'the witcher', 'westworld', 'the expanse'],
  ['the office', 'friends', 'parks and recreation', 'brooklyn nine-nine', 'community'],
];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recs-shots-'));
  const dbFile = path.join(dir, 'recs.db');
  const env = { DATABASE_URL: `file:${dbFile}` };
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  await shots.withSite({ env, cleanUp }, async (server, browser) => {
    const o = server.origin;
    const member = await shots.join(server, 'robin', 'Robin Recs');
    const newcomer = await shots.join(server, 'nova', 'Nova New');

    const groups: number[][] = [];
    for (const titles of tastes) {
      const ids: number[] = [];
      for (const q of titles) {
        const r = await call<{ data: { id: number }[] }>(
          o,
          'GET',
          `/search/shows?q=${encodeURIComponent(q)}&limit=1`,
        );
        if (r.data[0]) ids.push(r.data[0].id);
      }
      groups.push(ids);
    }
    // 45 members, 15 per taste, each tracking 4–6 of their group's shows and one other.
    const db = new Database(dbFile);
    const now = new Date().toISOString();
    const addUser = db.prepare(
      `insert into users (username, username_lower, email, email_lower, password_hash,
        display_name, is_public, created_at, updated_at) values (?, ?, ?, ?, 'x', ?, 1, ?, ?)`,
    );
    const addItem = db.prepare(
      `insert or ignore into watchlist_items (user_id, show_id, status, score, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    for (let n = 0; n < 45; n++) {
      const name = `shots_${shots.runId}_${n}`;
      const userId = Number(
        addUser.run(name, name, `${name}@demo.invalid`, `${name}@demo.invalid`, name, now, now)
          .lastInsertRowid,
      );
      const group = groups[n % groups.length]!;
      const count = 4 + (n % 3);
      for (let k = 0; k < count; k++) {
        const showId = group[(n + k * 2) % group.length]!;
        addItem.run(userId, showId, k % 3 ? 'completed' : 'watching', 7 + (k % 4), now, now);
      }
      const stray = groups[(n + 1) % groups.length]!;
      addItem.run(userId, stray[n % stray.length]!, 'dropped', null, now, now);
    }
    db.exec(
      'update shows set total_users = (select count(*) from watchlist_items wi where wi.show_id = shows.id)',
    );
    db.close();
    for (const showId of [groups[0]![0]!, groups[1]![0]!])
      await call(
        o,
        'POST',
        '/user-content-status',
        { showId, status: 'completed', score: 9 },
        member.token,
      );

    // The job, as an operator runs it (ADR 183).
    const job = spawnSync('npx', ['tsx', 'apps/api/src/cli/admin.ts', 'recommendations'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    console.log(job.stdout.trim() || job.stderr.trim());

    const report = new shots.Report({
      finding: shots.finding.firstTarget,
      clean: 'axe clean',
      sideways: 'flag',
    });
    for (const device of shots.devices) {
      const context = await browser.newContext({ viewport: device.viewport });
      const shot = shots.shooter({ dir: outDir, device, report, log: true });
      const page = await shots.newPage(context, member.token);
      await page.goto(`${o}/`);
      await shots.settle(page, 500);
      const row = page.getByRole('region', { name: /^Because you watched/ }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, 'home-because-you-watched');
      await page.goto(`${o}/recommendations`);
      await shots.settle(page, 500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'recommendations', true);
      const fresh = await shots.newPage(context, newcomer.token);
      await fresh.goto(`${o}/recommendations`);
      await shots.settle(fresh, 500);
      await shot(fresh, 'recommendations-empty');
      await context.close();
    }
    report.print();
  });
}

shots.run(main);
