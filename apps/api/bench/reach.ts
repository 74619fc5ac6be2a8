import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/connection';
import { startTvmazeStandIn } from '../test/tvmaze-stand-in';

/**
 * Issue 18's figures, against the TVmaze stand-in on loopback with a realistic delay per call
 * (TVmaze answers in ~100–300 ms from Europe): the first search for a show the catalogue lacks
 * (Severance), how long until its episode list is in place, and what a search costs while
 * TVmaze is down or slow (the local answer must not wait). Timed, never asserted.
 */
export async function benchReach(db: Db, config: Parameters<typeof buildApp>[0]['config']) {
  const standIn = await startTvmazeStandIn();
  standIn.setDelay(200);
  const app = await buildApp({
    config: { ...config, metadataSync: true, tvmazeBaseUrl: standIn.baseUrl },
    db,
  });
  await app.ready();
  await app.services.jobs.start();
  const ms = (t: number) => `${Math.round(performance.now() - t)} ms`;
  const search = async (q: string) => {
    const t = performance.now();
    const res = await app.inject({ url: `/api/search/shows?q=${encodeURIComponent(q)}` });
    const body = res.json() as { data: { id: number; title: string }[]; remote: string };
    return { t: ms(t), body };
  };
  try {
    console.log('  catalogue reach (TVmaze stand-in, 200 ms per call):');
    const started = performance.now();
    const first = await search('severance');
    const show = first.body.data.find((s) => s.title === 'Severance');
    console.log(
      `    first search for a show not in the catalogue: ${first.t} (remote ${first.body.remote}, found: ${Boolean(show)})`,
    );
    if (show) {
      const inPlace = await episodesInPlace(app, show.id, 15_000);
      console.log(
        `    its episode list in place: ${inPlace === null ? '> 15 s' : `${Math.round(inPlace - started)} ms`} after the search began`,
      );
    }
    console.log(`    second search (cached): ${(await search('severance')).t}`);
    console.log(`    total ${ms(started)}`);

    standIn.setDelay(5_000);
    const slow = await search('the chi');
    console.log(`    TVmaze slow (5 s): ${slow.t} (remote ${slow.body.remote})`);
    standIn.setDelay(0);
    standIn.setDown(true);
    const down = await search('psi factor');
    console.log(`    TVmaze down, first search: ${down.t} (remote ${down.body.remote})`);
    const downAgain = await search('csi vegas');
    console.log(`    TVmaze down, next search: ${downAgain.t} (remote ${downAgain.body.remote})`);
  } finally {
    standIn.setDown(false);
    await app.services.search.remoteIdle();
    await app.close();
    await standIn.close();
  }
}

async function episodesInPlace(
  app: FastifyInstance,
  showId: number,
  timeoutMs: number,
): Promise<number | null> {
  const t = performance.now();
  while (performance.now() - t < timeoutMs) {
    const res = await app.inject({ url: `/api/episodes/show/${showId}` });
    if ((res.json() as { data: unknown[] }).data.length) return performance.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}
