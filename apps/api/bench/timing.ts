import type { buildApp } from '../src/app';
import { pct } from './load';
import { ITER } from './options';

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export type App = Awaited<ReturnType<typeof buildApp>>;
export type Req = string | { method: 'GET' | 'POST'; url: string; payload?: object };

/** Times `ITER` requests through app.inject, one at a time, after a warm-up; prints p50/p95/p99. */
export async function timeRequests(
  app: App,
  name: string,
  reqs: Req[],
  headers: Record<string, string> = {},
) {
  const send = (r: Req) =>
    app.inject(typeof r === 'string' ? { url: r, headers } : { ...r, headers });
  for (let i = 0; i < 50; i++) await send(reqs[i % reqs.length]!); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const req = reqs[i % reqs.length]!;
    const url = typeof req === 'string' ? req : req.url;
    const t0 = performance.now();
    const res = await send(req);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200)
      throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(34)} p50 ${fmt(pct(times, 50)).padStart(9)}  p95 ${fmt(pct(times, 95)).padStart(9)}  p99 ${fmt(pct(times, 99)).padStart(9)}  (${ITER} requests)`,
  );
}
