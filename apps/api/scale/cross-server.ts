import { record, type Ctx } from './context';
import { clock, sleep } from './processes';

/** (c) A write on A shows on B's public show page and its reviews within 1 s (cache invalidation). */
export async function crossServer(ctx: Ctx, label: string, showId: number) {
  const { A, B } = ctx.servers;
  const writer = await ctx.token(`writer_${label}`);
  const page = async () =>
    (await ctx.client.call(B, 'page', 'GET', `/api/shows/${showId}`, { record: false })).json as {
      totalUsers: number;
    };
  const reviews = async () =>
    (await ctx.client.call(B, 'page', 'GET', `/api/shows/${showId}/reviews`, { record: false }))
      .json as { total: number };
  await page();
  const before = (await page()).totalUsers;
  await reviews();
  const reviewsBefore = (await reviews()).total;
  const wait = async (probe: () => Promise<boolean>) => {
    const t0 = clock();
    while (clock() - t0 < 5000) {
      if (await probe()) return clock() - t0;
      await sleep(20);
    }
    return Infinity;
  };
  const tracked = await ctx.client.call(A, 'track', 'POST', '/api/user-content-status', {
    token: writer.token,
    body: { showId },
  });
  if (tracked.status === 201) ctx.ledger().tracked.push([writer.id, showId]);
  const seen = await wait(async () => (await page()).totalUsers === before + 1);
  const posted = await ctx.client.call(A, 'review', 'POST', '/api/reviews', {
    token: writer.token,
    body: {
      showId,
      title: `Cross-server ${label}`,
      content: 'Written on server A, read on server B.',
      rating: 8,
    },
  });
  if (posted.status === 201)
    ctx
      .ledger()
      .reviews.push({ id: (posted.json as { id: number }).id, userId: writer.id, showId });
  const reviewSeen = await wait(async () => (await reviews()).total === reviewsBefore + 1);
  record(
    ctx,
    `write on A shows on B within 1 s (${label})`,
    tracked.status === 201 && posted.status === 201 && seen <= 1000 && reviewSeen <= 1000,
    `watchers ${seen} ms, review ${reviewSeen} ms`,
  );
}
