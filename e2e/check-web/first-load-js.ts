/**
 * The JavaScript a first visit downloads, per page (issue 32, ADR 185): every script the page
 * fetches until the network is idle, gzip-compressed as the server sends it. A fresh browser
 * profile per page, so nothing comes from a cache or the service worker; each page as a visitor
 * and signed in (the member's token in localStorage before the first script runs).
 *
 *   npm run build && npx tsx e2e/check-web/first-load-js.ts [--port=N]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, seed, startServer } from './server';

const BUDGET_KB = 170;
const portOption = process.argv.find((a) => a.startsWith('--port='))?.slice('--port='.length);

async function main() {
  const server = await startServer(portOption ? Number(portOption) : await freePort());
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const fixture = await seed(server);
    const paths = [
      { name: 'home', path: '/' },
      { name: 'show', path: `/show/${fixture.showId}` },
      { name: 'reviews', path: '/reviews' },
      { name: 'lists', path: '/lists' },
      { name: 'search', path: '/search?q=breaking' },
    ];
    const pages: { name: string; path: string; token?: string }[] = [
      ...paths,
      ...paths.map((p) => ({ ...p, name: `${p.name} (signed in)`, token: fixture.token })),
    ];
    const rows: string[] = [];
    let over = false;
    for (const { name, path, token } of pages) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (token) {
        await context.addInitScript(
          ([key, value]) => window.localStorage.setItem(key!, value!),
          ['manga_tracker_token', token],
        );
      }
      const page = await context.newPage();
      const scripts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.endsWith('.js') || scripts.has(url.pathname)) return;
        // A script that answers after the page went idle is not counted: its body can be gone
        // with the closed context, and it was not part of the first load.
        scripts.set(
          url.pathname,
          response.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
      });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
      // A busy start-up can leave the network quiet before the screen's own code is asked
      // for: wait for the screen's heading, then for quiet again.
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = (
        await Promise.all([...scripts].map(async ([file, size]) => [file, await size] as const))
      ).filter(([, size]) => size > 0);
      const total = sizes.reduce((sum, [, size]) => sum + size, 0) / 1000;
      if (total > BUDGET_KB) over = true;
      rows.push(
        `| ${name} | ${total.toFixed(1)} | ${sizes.length} | ${sizes
          .sort((a, b) => b[1] - a[1])
          .map(([file, size]) => `${file.replace('/assets/', '')} ${(size / 1000).toFixed(1)}`)
          .join(', ')} |`,
      );
      await context.close();
    }
    console.log('| page | first-load JS, kB gzip | files | files (kB gzip) |');
    console.log('| --- | ---: | ---: | --- |');
    for (const row of rows) console.log(row);
    if (over) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
