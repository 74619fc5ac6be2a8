import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { REFRESH_SHOW_JOB } from '../src/features/metadata/metadata.service';
import { APPLY_UPDATES_JOB } from '../src/features/metadata/catalog-index';
import { testConfig } from './build-test-app';
import { buildTvmazeShow } from './factories';
import { useTvmazeWorld } from './tvmaze-world';
import { showRow } from './test-db';

/**
 * Background work with two app servers on one database: a stale show viewed on both is
 * refreshed from TVmaze once, by whichever server's worker claims the job.
 */
const apps: FastifyInstance[] = [];

const world = useTvmazeWorld();
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function server() {
  const app = await buildApp({
    config: testConfig({ metadataSync: true, tvmazeBaseUrl: world.standIn.baseUrl }),
    db: world.db,
  });
  await app.ready();
  apps.push(app);
  return app;
}

describe('two app servers, one job queue', () => {
  it('views of a stale show on both servers refresh it from TVmaze once', async () => {
    const show = await buildTvmazeShow(world.db, 82, {
      title: 'Game of Thrones',
    });
    const [a, b] = [await server(), await server()];
    // Views first, workers after: both servers have asked before either could run it.
    for (const app of [a, b, a, b]) {
      expect((await app.inject({ url: `/api/shows/${show.id}` })).statusCode).toBe(200);
      await app.services.metadata.flush();
    }
    const queued = await world.db.kysely
      .selectFrom('jobs')
      .select(['id', 'state'])
      .where('name', '=', REFRESH_SHOW_JOB)
      .execute();
    expect(queued).toEqual([{ id: expect.any(String), state: 'queued' }]);

    await Promise.all([a.services.jobs.start(), b.services.jobs.start()]);
    await a.services.metadata.idle();
    await b.services.metadata.idle();

    expect((await a.services.jobs.get(queued[0]!.id))?.state).toBe('completed');
    expect(world.standIn.hits.filter((h) => h.startsWith('/shows/')).sort()).toEqual([
      '/shows/82',
      '/shows/82/episodes?specials=1',
    ]);
    // The daily updates job (a schedule) ran on one of the two servers, not on both.
    await vi.waitFor(() => expect(world.standIn.hitsOf('/updates/shows')).toBe(1));
    await a.services.jobs.idle(APPLY_UPDATES_JOB);
    await b.services.jobs.idle(APPLY_UPDATES_JOB);
    expect(world.standIn.hitsOf('/updates/shows')).toBe(1);
    const refreshed = await showRow(world.db, show.id);
    expect(refreshed.episodes_complete).toBe(1);
    expect(refreshed.metadata_synced_at).not.toBeNull();
  });

  it('a job cut off when its server shuts down is finished by the other server', async () => {
    const [a, b] = [await server(), await server()];
    const ranOn: string[] = [];
    a.services.jobs.define('test.long-import', async ({ progress, signal }) => {
      ranOn.push('a');
      await progress(1, 2, 'halfway');
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      signal.throwIfAborted();
    });
    b.services.jobs.define('test.long-import', async ({ progress }) => {
      ranOn.push('b');
      await progress(2, 2, 'done');
      return 'finished on b';
    });
    await a.services.jobs.start();
    const id = await a.services.jobs.enqueue('test.long-import', {});
    await vi.waitFor(
      async () => expect((await a.services.jobs.get(id))?.progress?.message).toBe('halfway'),
      { timeout: 15_000, interval: 50 },
    );
    await a.close();
    apps.splice(apps.indexOf(a), 1);

    await b.services.jobs.start();
    const job = await vi.waitFor(
      async () => {
        const current = await b.services.jobs.get(id);
        expect(current?.state).toBe('completed');
        return current!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(job).toMatchObject({ result: 'finished on b', attempts: 1 });
    expect(ranOn).toEqual(['a', 'b']);
  });
});
