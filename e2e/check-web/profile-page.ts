/**
 * npm run … tsx e2e/check-web/profile-page.ts /path — a CPU profile of one page's first load
 * (mobile viewport, CPU ×4 like Lighthouse's mobile preset), summed per function: where the
 * main thread goes. Needs `npm run build` first.
 */
import fs from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { repoRoot } from './server';

const maps = new Map<string, TraceMap | null>();
function original(url: string, line: number, column: number): string {
  const file = url.replace(/.*\/assets\//, '');
  if (!maps.has(file)) {
    const mapPath = `${repoRoot}/apps/web/dist/assets/${file}.map`;
    maps.set(file, fs.existsSync(mapPath) ? new TraceMap(fs.readFileSync(mapPath, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return file || '(native)';
  const pos = originalPositionFor(map, { line: line + 1, column });
  return (pos.source ?? file).replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
}
import { withMobilePage } from './mobile-page';

const path = process.argv[2] ?? '/';
await withMobilePage(async ({ server, page, cdp }) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(server.origin + path, { waitUntil: 'networkidle' });
  console.log('loaded in', Date.now() - t0, 'ms');
  const { profile } = await cdp.send('Profiler.stop');
  const bySource = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => {
    const n = nodes.get(id)!;
    const f = n.callFrame;
    const url = f.url.replace(/.*\/assets\//, '');
    const key = `${f.functionName || '(anon)'} ${url}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    byUrl.set(url || f.functionName, (byUrl.get(url || f.functionName) ?? 0) + (dt[i] ?? 0) / 1000);
    const ms = (dt[i] ?? 0) / 1000;
    const src = f.url ? original(f.url, f.lineNumber, f.columnNumber) : f.functionName;
    bySource.set(src, (bySource.get(src) ?? 0) + ms);
    // Inclusive time per original source file (each file counted once per sample).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const cf = nodes.get(at)!.callFrame;
      if (!cf.url) continue;
      const key2 = `${cf.functionName || '(anon)'} @ ${original(cf.url, cf.lineNumber, cf.columnNumber)}`;
      if (seen.has(key2)) continue;
      seen.add(key2);
      inclusive.set(key2, (inclusive.get(key2) ?? 0) + ms);
    }
  });
  for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(v.toFixed(0).padStart(7), 'ms', k);
  console.log('--- self time per source');
  for (const [k, v] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(v.toFixed(0).padStart(7), 'ms', k);
  console.log('--- inclusive time per function');
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 70))
    console.log(v.toFixed(0).padStart(7), 'ms', k);
  console.log('--- inclusive time in our own code');
  for (const [k, v] of [...inclusive]
    .filter(([k]) => / @ src\//.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40))
    console.log(v.toFixed(0).padStart(7), 'ms', k);
  console.log('---');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(v.toFixed(0).padStart(7), 'ms', k);
});
