/**
 * The load side of the benchmarks: loopback HTTP with autocannon (32 connections) against the
 * real server, a hello-world Fastify measured in the same run as the yardstick, each URL's
 * first request (a cache miss) timed alone, and the table that compares them (issue 8 §7).
 * Shared by run.ts (the default bench) and large.ts (PostgreSQL at community scale).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { buildApp } from '../src/app';

type App = Awaited<ReturnType<typeof buildApp>>;

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const CONNECTIONS = 32;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
export interface TableRow extends Load {
  name: string;
  coldP50?: number;
  coldMax?: number;
}

/**
 * The tools for one run: `seconds` of load per endpoint; `acceptEncoding` as browsers send
 * (cached answers then go out compressed), or none.
 */
export function loadTools({
  seconds: SECONDS,
  acceptEncoding,
}: {
  seconds: number;
  acceptEncoding?: string | undefined;
}) {
  /** Loopback HTTP load with autocannon; each connection cycles through `paths`. */
  async function throughput(
    base: string,
    paths: string[],
    headers: Record<string, string> = {},
  ): Promise<Load> {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      pipelining: 1,
      // The load generator runs in a worker thread, so it does not share the event loop (and the
      // latency figures) of the server it measures.
      workers: 1,
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
    });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }

  async function helloWorld(): Promise<Load> {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const load = await throughput(`http://127.0.0.1:${port}`, ['/']);
    await app.close();
    return load;
  }

  /** Latency of each URL's first request (a cache miss), one at a time, through app.inject. */
  async function missLatencies(app: App, urls: string[], headers: Record<string, string> = {}) {
    const times: number[] = [];
    for (const url of new Set(urls)) {
      const t0 = performance.now();
      const res = await app.inject({ url, headers });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    return { p50: pct(times, 50), max: times[times.length - 1]! };
  }

  function printTable(label: string, hello: Load, rows: TableRow[]) {
    const n = (x: number, w: number) => String(Math.round(x)).padStart(w);
    const ms = (x: number | undefined, w: number) =>
      (x === undefined ? '' : `${x.toFixed(x < 10 ? 1 : 0)}`).padStart(w);
    console.log(
      `\n  ${label}: ${CONNECTIONS} connections, ${SECONDS} s each, loopback HTTP (autocannon), ` +
        (acceptEncoding
          ? `Accept-Encoding: ${acceptEncoding} (as browsers send)`
          : 'no Accept-Encoding'),
    );
    console.log(
      `  ${'endpoint'.padEnd(18)} ${'req/s'.padStart(7)} ${'× hello'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'miss p50'.padStart(9)} ${'miss max'.padStart(9)}  target`,
    );
    const line = (r: TableRow, target: string) =>
      console.log(
        `  ${r.name.padEnd(18)} ${n(r.rps, 7)} ${(r.rps / hello.rps).toFixed(2).padStart(8)} ${ms(r.p50, 7)} ${ms(r.p99, 7)} ${ms(r.coldP50, 9)} ${ms(r.coldMax, 9)}  ${target}${r.errors ? `  (${r.errors} errors/non-2xx!)` : ''}`,
      );
    line({ ...hello, name: 'hello-world' }, '');
    for (const r of rows) {
      const pass =
        r.name.startsWith('search ') || r.name === 'search/advanced'
          ? r.p99 <= 25
          : r.p99 <= 25 && r.rps / hello.rps >= 0.4;
      const target =
        r.name.startsWith('search ') || r.name === 'search/advanced'
          ? 'p99 ≤ 25'
          : '≥ 0.40, p99 ≤ 25';
      line(r, `${target} ${pass ? 'ok' : 'MISSED'}`);
    }
    console.log(
      '  (miss: the first request of each distinct URL, one at a time through app.inject, before the load)',
    );
  }

  /**
   * One table row per endpoint: the first request of each URL is a cache miss, timed alone
   * (one at a time), then the endpoint is loaded with 32 connections.
   */
  async function measure(
    app: App,
    base: string,
    endpoints: { name: string; urls: string[] }[],
    headers?: Record<string, string>,
  ): Promise<TableRow[]> {
    const rows: TableRow[] = [];
    for (const endpoint of endpoints) {
      const cold = await missLatencies(app, endpoint.urls, headers);
      const load = await throughput(base, endpoint.urls, headers);
      rows.push({ name: endpoint.name, ...load, coldP50: cold.p50, coldMax: cold.max });
    }
    return rows;
  }

  /**
   * Hello-world measured before and after a table (the machine's load drifts over a run): their
   * mean rate and worst latencies are the yardstick, and both rates are printed.
   */
  function helloBetween(before: Load, after: Load): Load {
    console.log(
      `  hello-world before / after this table: ${Math.round(before.rps)} / ${Math.round(after.rps)} req/s (the ratio uses their mean)`,
    );
    return {
      rps: (before.rps + after.rps) / 2,
      p50: Math.max(before.p50, after.p50),
      p99: Math.max(before.p99, after.p99),
      errors: before.errors + after.errors,
    };
  }

  return { throughput, helloWorld, missLatencies, printTable, measure, helloBetween };
}
