import pg from 'pg';
import { alive, ok, record, RECOVERY_MS, statuses, type Ctx } from './context';
import { clock, sleep } from './processes';

/** (a) Every connection of the app's database terminated, three times in a second, under load. */
export async function terminatePostgres(ctx: Ctx) {
  const admin = new pg.Client({ connectionString: ctx.adminUrl });
  await admin.connect();
  const start = clock();
  let terminated = 0;
  try {
    for (let round = 0; round < 3; round++) {
      const res = await admin.query<{ n: string }>(
        `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [ctx.dbName],
      );
      terminated += Number(res.rows[0]!.n);
      await sleep(400);
    }
  } finally {
    await admin.end();
  }
  const end = clock();
  ctx.windows.push({ name: 'postgres', start, end });
  await sleep(RECOVERY_MS + 2000);
  const during = ctx.client.samples.filter((s) => s.end >= start && s.start <= end + RECOVERY_MS);
  const failed = during.filter((s) => !ok(s.status));
  const lastFailure = Math.max(end, ...failed.map((s) => s.end));
  const after = ctx.client.samples.filter((s) => s.start > end + RECOVERY_MS);
  const bothAlive = (await alive(ctx, ctx.servers.A)) && (await alive(ctx, ctx.servers.B));
  record(
    ctx,
    'pg terminated: servers alive',
    bothAlive && ctx.procs.A.child.exitCode === null && ctx.procs.B.child.exitCode === null,
    `${terminated} connections terminated in 3 rounds`,
  );
  record(
    ctx,
    'pg terminated: errors only during the fault',
    failed.every((s) => s.status === 503 || s.status === 0),
    `${during.length} requests in the window: ${statuses(failed)} failed`,
  );
  record(
    ctx,
    'pg terminated: all 2xx again within 5 s',
    lastFailure - end <= RECOVERY_MS && after.length > 0 && after.every((s) => ok(s.status)),
    `last failure ${lastFailure - end} ms after the fault; ${after.length} requests after, ${after.filter((s) => !ok(s.status)).length} failed`,
  );
}
