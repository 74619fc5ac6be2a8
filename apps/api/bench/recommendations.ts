import { sql } from 'kysely';
import type { Db } from '../src/db/connection';
import type { Services } from '../src/platform/services';

/**
 * Issue 29's offline evaluation (ADR 183): a demo community whose tastes cluster
 * (demo-tastes.ts); for each member with 5 or more shows, the latest 20 % (at least one) are
 * held out (deleted); the recommender's job runs on the rest; each member's top 10 is checked
 * against what they held out. Compared with today's "Similar Shows" list (shows.similar, the
 * genre match on a show page: round-robin over the member's shows, newest first) and a
 * most-popular list (most members tracking, in the training data). Both baselines and the new
 * recommender never suggest a show the member still tracks.
 *
 * hit-rate@10: members with at least one held-out show in their 10; recall@10: held-out shows
 * found / held out; coverage: distinct shows suggested across all members, as a share of the
 * shows the community tracks and of the whole catalogue.
 */
export async function benchRecommendations(db: Db, services: Services, members: number) {
  const k = db.kysely;
  const seeded = await services.demoData.seedTastes({ members });
  console.log(
    `  demo tastes: ${seeded.members} members in ${seeded.groups} taste groups tracking ${seeded.items} shows (${seeded.ms} ms)`,
  );

  const rows = await k
    .selectFrom('watchlist_items as wi')
    .select(['wi.id', 'wi.user_id', 'wi.show_id'])
    .orderBy('wi.user_id')
    .orderBy(sql`coalesce(wi.last_watched_at, wi.updated_at)`, 'desc')
    .orderBy('wi.id', 'desc')
    .execute();
  const byMember = new Map<number, typeof rows>();
  for (const r of rows) byMember.set(r.user_id, [...(byMember.get(r.user_id) ?? []), r]);
  const heldOut = new Map<number, Set<number>>();
  const training = new Map<number, number[]>();
  const drop: number[] = [];
  for (const [userId, list] of byMember) {
    if (list.length < 5) continue;
    const n = Math.max(1, Math.round(list.length * 0.2));
    heldOut.set(userId, new Set(list.slice(0, n).map((r) => r.show_id)));
    training.set(
      userId,
      list.slice(n).map((r) => r.show_id),
    );
    drop.push(...list.slice(0, n).map((r) => r.id));
  }
  for (let i = 0; i < drop.length; i += 500)
    await k
      .deleteFrom('watchlist_items')
      .where('id', 'in', drop.slice(i, i + 500))
      .execute();
  await sql`update shows set total_users = (select count(*) from watchlist_items wi
      where wi.show_id = shows.id)`.execute(k);
  console.log(`  held out ${drop.length} shows of ${heldOut.size} members (their latest 20 %)`);

  const t0 = performance.now();
  const built = await services.recommendations.rebuild();
  console.log(
    `  recommendations job: ${built.shows} shows' neighbours (${built.neighbours} rows), ${built.picks} picks for ${built.members} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const lists = new Map<string, Map<number, number[]>>();
  // The new recommender: the stored picks, as GET /api/recommendations serves them.
  const picked = new Map<number, number[]>();
  for (const userId of heldOut.keys()) {
    const page = await services.recommendations.list({ id: userId }, 10, 0);
    picked.set(
      userId,
      page.data.map((p) => p.show.id),
    );
  }
  lists.set('recommender (ADR 183)', picked);
  // What a request costs: one member's page of 30 picks (SQL + show summaries), served cold.
  const times: number[] = [];
  for (const userId of [...heldOut.keys()].slice(0, 300)) {
    const t = performance.now();
    await services.recommendations.list({ id: userId }, 30, 0);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(
    `  a member's 30 picks (service, ${times.length} members): p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`,
  );

  // Today's "Similar Shows" (genre match), merged round-robin over the member's shows.
  const similarOf = new Map<number, number[]>();
  const genre = new Map<number, number[]>();
  for (const [userId, own] of training) {
    const tracked = new Set(own);
    const queues: number[][] = [];
    for (const showId of own.slice(0, 10)) {
      if (!similarOf.has(showId))
        similarOf.set(
          showId,
          (await services.shows.similar(showId, 20)).map((s) => s.id),
        );
      queues.push([...similarOf.get(showId)!]);
    }
    const out: number[] = [];
    while (out.length < 10 && queues.some((q) => q.length)) {
      for (const q of queues) {
        const next = q.shift();
        if (next !== undefined && !tracked.has(next) && !out.includes(next)) out.push(next);
        if (out.length === 10) break;
      }
    }
    genre.set(userId, out);
  }
  lists.set('genre-similar (shows.similar)', genre);

  // Most popular: most members tracking in the training data.
  const popular = (
    await k
      .selectFrom('shows')
      .select('id')
      .orderBy('total_users', 'desc')
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(500)
      .execute()
  ).map((r) => r.id);
  const pop = new Map<number, number[]>();
  for (const [userId, own] of training) {
    const tracked = new Set(own);
    pop.set(userId, popular.filter((id) => !tracked.has(id)).slice(0, 10));
  }
  lists.set('most popular', pop);

  const catalogue = Number(
    (
      await k
        .selectFrom('shows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const trackedShows = new Set(rows.map((r) => r.show_id)).size;
  console.log(
    `  ${'list'.padEnd(30)} ${'hit-rate@10'.padStart(11)} ${'recall@10'.padStart(9)} ${'coverage'.padStart(9)} ${'of catalogue'.padStart(12)}`,
  );
  const figures: Record<string, { hitRate: number; recall: number; coverage: number }> = {};
  for (const [name, list] of lists) {
    let hits = 0;
    let found = 0;
    let held = 0;
    const shown = new Set<number>();
    for (const [userId, truth] of heldOut) {
      const top = list.get(userId) ?? [];
      top.forEach((id) => shown.add(id));
      const got = top.filter((id) => truth.has(id)).length;
      if (got > 0) hits++;
      found += got;
      held += truth.size;
    }
    const hitRate = hits / heldOut.size;
    const recall = found / held;
    const coverage = shown.size / trackedShows;
    figures[name] = { hitRate, recall, coverage };
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `  ${name.padEnd(30)} ${pct(hitRate).padStart(11)} ${pct(recall).padStart(9)} ${pct(coverage).padStart(9)} ${pct(shown.size / catalogue).padStart(12)}`,
    );
  }
  console.log(
    `  (coverage: distinct shows suggested / the ${trackedShows} shows the community tracks; of catalogue: / ${catalogue})`,
  );
  return figures;
}
