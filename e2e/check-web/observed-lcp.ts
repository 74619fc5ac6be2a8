/**
 * npx tsx e2e/check-web/observed-lcp.ts [runs] /path … — the largest contentful paint a phone
 * would see, measured rather than simulated: each run is a fresh context (cold cache, service
 * worker blocked) with the CPU slowed ×4 and the network throttled the way Lighthouse's
 * DevTools mode applies its slow-4G preset. Prints each path's first and largest contentful paint: median and every run. Lighthouse's
 * own simulation (Lantern) rebuilds the load from an unthrottled trace, so it can miss a change
 * in when a request starts; this shows it. Needs `npm run build` first.
 */
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, startServer } from './server';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 5;
const paths = args.length > 0 ? args : ['/', '/show/80'];

function summary(name: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${name} median ${Math.round(median)} ms (${sorted.map((v) => Math.round(v)).join(', ')})`;
}

const server = await startServer(await freePort());
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const path of paths) {
    const lcps: number[] = [];
    const fcps: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1474.56 * 1024) / 8,
        uploadThroughput: (675 * 1024) / 8,
      });
      await page.goto(server.origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries.at(-1)?.startTime ?? Number.NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      lcps.push(lcp);
      fcps.push(
        await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        ),
      );
      await context.close();
    }
    console.log(`${path}: ${summary('FCP', fcps)}; ${summary('LCP', lcps)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
