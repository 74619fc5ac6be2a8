import http from 'node:http';
import type { Import } from '@series-tracker/contracts';
import type { Server } from './load';
import { readiness, record, type Ctx } from './context';
import { clock, sleep, startServer, stop } from './processes';
import { importedRows } from './verify';

/** (d) An import on A, A killed mid-import: B finishes it within 2 minutes with a full report. */
export async function killedImport(ctx: Ctx, file: { path: string; plays: number; bytes: Buffer }) {
  const { A, B } = ctx.servers;
  const member = await ctx.token('importer');
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), 'trakt-export.zip');
  const res = await fetch(`${A.url}/api/imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${member.token}` },
  });
  if (res.status !== 202) {
    record(ctx, 'killed import: upload', false, `${res.status} ${await res.text()}`);
    return;
  }
  const { id } = (await res.json()) as { id: string };
  let killedAt: string | null = null;
  for (const t0 = clock(); clock() - t0 < 60_000;) {
    const r = await ctx.client.call(A, 'import', 'GET', `/api/imports/${id}`, {
      token: member.token,
      record: false,
    });
    const imp = r.json as Import | null;
    if (imp?.status === 'done' || imp?.status === 'failed') break;
    const m = /^Writing shows (\d+)/.exec(imp?.progress.message ?? '');
    if (m && Number(m[1]) > 1) {
      killedAt = imp!.progress.message;
      break;
    }
    await sleep(10);
  }
  if (!killedAt) {
    record(
      ctx,
      'killed import: A killed mid-import',
      false,
      'the import was not caught writing (finished or never started)',
    );
    return;
  }
  ctx.live.delete(A);
  const start = clock();
  await stop(ctx.procs.A, 'SIGKILL');
  ctx.windows.push({ name: 'kill A', start, end: clock() });
  record(ctx, 'killed import: A killed mid-import (SIGKILL)', true, `at "${killedAt}"`);
  let done: Import | null = null;
  let last: string | null = killedAt;
  while (clock() - start < 120_000) {
    const r = await ctx.client.call(B, 'import', 'GET', `/api/imports/${id}`, {
      token: member.token,
      record: false,
    });
    const imp = r.json as Import | null;
    if (imp && imp.progress.message !== last) {
      last = imp.progress.message;
      console.log(`      +${clock() - start} ms on B: ${imp.status}, ${last ?? ''}`);
    }
    if (imp?.status === 'done' || imp?.status === 'failed') {
      done = imp;
      break;
    }
    await sleep(100);
  }
  const took = clock() - start;
  record(
    ctx,
    'killed import: finished on B within 2 min',
    done?.status === 'done',
    done ? `${done.status} ${took} ms after the kill` : 'not finished',
  );
  if (done?.report) {
    const r = done.report;
    const rows = await importedRows(ctx.dbUrl, member.id);
    const counted = r.episodes.marked + r.episodes.held + (r.episodes.rewatches ?? 0);
    record(
      ctx,
      'killed import: report counts everything',
      counted === file.plays &&
        r.shows.matched === 250 &&
        r.watchlist === 250 &&
        r.episodes.alreadyWatched === 0,
      `${counted} of ${file.plays} plays (marked ${r.episodes.marked}, rewatches ${r.episodes.rewatches ?? 0}, held ${r.episodes.held}), shows ${r.shows.matched}, already ${r.episodes.alreadyWatched}`,
    );
    record(
      ctx,
      'killed import: rows match the report',
      rows.plays === r.episodes.marked + (r.episodes.rewatches ?? 0) &&
        rows.held === r.episodes.held &&
        rows.items === r.watchlist,
      `${rows.plays} plays, ${rows.held} held, ${rows.items} items`,
    );
  }
  const restart = clock();
  ctx.procs.A = await startServer('A2', Number(new URL(A.url).port), ctx.serverEnv, ctx);
  ctx.all.push(ctx.procs.A);
  ctx.live.add(A);
  console.log(`      A restarted in ${clock() - restart} ms`);
}

/** A POST whose body arrives in pieces over `spreadMs`: in flight while the server shuts down. */
function slowPost(
  server: Server,
  path: string,
  token: string,
  body: unknown,
  spreadMs: number,
): Promise<{ status: number; json: unknown }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': data.length,
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : null }),
      );
    });
    req.on('error', () => resolve({ status: 0, json: null }));
    void (async () => {
      const pieces = 4;
      for (let i = 0; i < pieces; i++) {
        req.write(
          data.subarray(
            Math.floor((i * data.length) / pieces),
            Math.floor(((i + 1) * data.length) / pieces),
          ),
        );
        await sleep(spreadMs / pieces);
      }
      req.end();
    })();
  });
}

/** (e) SIGTERM on B: /api/ready turns 503, the request in flight finishes, then B exits 0. */
export async function drain(ctx: Ctx, showId: number, drainMs: number) {
  const { B } = ctx.servers;
  const writer = await ctx.token('in_flight');
  const inFlight = slowPost(
    B,
    '/api/reviews',
    writer.token,
    {
      showId,
      title: 'In flight at shutdown',
      content: 'Its body was still arriving when SIGTERM came.',
      rating: 7,
    },
    drainMs + 1500,
  );
  await sleep(300);
  const start = clock();
  ctx.procs.B.expectedExit = true;
  ctx.procs.B.child.kill('SIGTERM');
  let notReadyAfter = NaN;
  let healthDuringDrain = 0;
  while (clock() - start < 3000) {
    const r = await readiness(ctx, B);
    if (r.status === 503) {
      notReadyAfter = clock() - start;
      healthDuringDrain = (
        await ctx.client.call(B, 'health', 'GET', '/api/health', { record: false })
      ).status;
      ctx.live.delete(B); // the load balancer stops sending
      break;
    }
    await sleep(50);
  }
  const answered = await inFlight;
  if (answered.status === 201)
    ctx
      .ledger()
      .reviews.push({ id: (answered.json as { id: number }).id, userId: writer.id, showId });
  const code = await Promise.race([ctx.procs.B.exited, sleep(20_000).then(() => 'timeout')]);
  const exitedAfter = clock() - start;
  ctx.windows.push({ name: 'SIGTERM B', start, end: clock() });
  const refused =
    (await ctx.client.call(B, 'ready', 'GET', '/api/ready', { record: false })).status === 0;
  record(
    ctx,
    'SIGTERM: /api/ready turns 503 while draining',
    notReadyAfter <= 500 && healthDuringDrain === 200,
    `503 after ${notReadyAfter} ms (health ${healthDuringDrain})`,
  );
  record(
    ctx,
    'SIGTERM: in-flight request finishes, then exit 0',
    answered.status === 201 && code === 0 && refused,
    `in-flight answered ${answered.status}; exit ${code} after ${exitedAfter} ms; then ${refused ? 'refuses' : 'still accepts'} connections`,
  );
}
