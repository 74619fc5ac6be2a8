import path from 'node:path';
import { it } from 'vitest';
import { repoRoot } from '../src/config';
import { buildTestApp } from './build-test-app';
import { importCatalog, readCatalogFile } from '../src/features/catalog/catalog.importer';
import { connectTraktApp, registerUser } from './factories';

it('measures', async () => {
  const t = await buildTestApp();
  await importCatalog(t.db, readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz')));
  const count = await t.db.kysely.selectFrom('shows').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const eps = await t.db.kysely.selectFrom('episodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const big = await t.db.kysely.selectFrom('episodes').select(['show_id']).select((eb) => eb.fn.countAll().as('n')).groupBy('show_id').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
  const u = await registerUser(t.app);
  const tok = await connectTraktApp(t.app, u.user.id);
  const h = { authorization: `Bearer ${tok.access_token}` };
  const epRow = await t.db.kysely.selectFrom('episodes').selectAll().where('show_id', '=', big.show_id).where('season_number', '=', 1).limit(40).execute();
  const time = async (label: string, n: number, f: (i: number) => Promise<{ statusCode: number }>) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) { const s = performance.now(); const r = await f(i); ms.push(performance.now() - s); if (r.statusCode >= 400) console.log(label, r.statusCode); }
    ms.sort((a, b) => a - b);
    console.log(`${label}: median ${ms[Math.floor(n / 2)]!.toFixed(1)} ms, p95 ${ms[Math.floor(n * 0.95)]!.toFixed(1)} ms (n=${n})`);
  };
  console.log(`catalogue: ${count?.n} shows, ${eps?.n} episodes; largest show ${big.show_id} with ${big.n} episodes`);
  await time('GET /trakt/search/show?query=braking bad', 30, () => t.app.inject({ url: '/trakt/search/show?query=braking%20bad' }));
  await time('GET /trakt/search/show,episode?query=pilot', 30, () => t.app.inject({ url: '/trakt/search/show,episode?query=pilot' }));
  await time('GET /trakt/shows/{largest}?extended=full', 30, () => t.app.inject({ url: `/trakt/shows/${big.show_id}?extended=full` }));
  await time('GET /trakt/shows/{largest}/seasons?extended=full,episodes', 30, () => t.app.inject({ url: `/trakt/shows/${big.show_id}/seasons?extended=full,episodes` }));
  await time('GET /trakt/shows/{largest}/progress/watched', 30, () => t.app.inject({ url: `/trakt/shows/${big.show_id}/progress/watched`, headers: h }));
  await time('POST /trakt/scrobble/pause', 9, (i) => t.app.inject({ method: 'POST', url: '/trakt/scrobble/pause', headers: h, payload: { episode: { ids: { trakt: epRow[i]!.id } }, progress: 40 } }));
  await new Promise((r) => setTimeout(r, 10_000));
  await time('POST /trakt/scrobble/stop (records a play)', 9, (i) => t.app.inject({ method: 'POST', url: '/trakt/scrobble/stop', headers: h, payload: { episode: { ids: { trakt: epRow[i + 10]!.id } }, progress: 95 } }));
  await time('GET /trakt/sync/playback', 30, () => t.app.inject({ url: '/trakt/sync/playback', headers: h }));
  await t.close();
}, 600_000);
