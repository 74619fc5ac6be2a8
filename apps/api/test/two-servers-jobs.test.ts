import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { REFRESH_SHOW_JOB } from '../src/features/metadata/metadata.service';
import { APPLY_UPDATES_JOB } from '../src/features/metadata/catalog-index';
import { testConfig } from './build-test-app';
import { buildShow } from './factories';
import { createTestDb } from './test-db';
import { startTvmazeStandIn, type TvmazeStandIn } from './tvmaze-stand-in';

/**
 * Background work with two app servers on one database: a stale show viewed on both is
 * refreshed from TVmaze once, by whichever server's worker claims the job.
 */
let db: Awaited<ReturnType<typeof createTestDb>>;
let standIn: TvmazeStandIn;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  [db, standIn] = await Promise.all([createTestDb(), startTvmazeStandIn()]);
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await standIn.close();
  await db.drop();
});

async function server() {
  const app = await buildApp({
    config: testConfig({ metadataSync: true, tvmazeBaseUrl: standIn.baseUrl }),
    db,
  });
  await app.ready();
  apps.push(app);
  return app;
}

describe('two app servers, one job queue', () => {
  it('views of a stale show on both servers refresh it from TVmaze once', async () => {
    const show = await buildShow(db, {
      source_id: 'tvmaze:82',
      source: 'tvmaze',
      tvmaze_id: 82,
      title: 'Game of Thrones',
    });
    const [a, b] = [await server(), await server()];
    // Views first, workers after: both servers have asked before either could run it.
    for (const app of [a, b, a, b]) {
      expect((await app.inject({ url: `/api/shows/${show.id}` })).statusCode).toBe(200);
      await app.services.metadata.flush();
    }
    const queued = await db.kysely
      .selectFrom('jobs')
      .select(['id', 'state'])
      .where('name', '=', REFRESH_SHOW_JOB)
      .execute();
    expect(queued).toEqual([{ id: expect.any(String), state: 'queued' }]);

    await Promise.all([a.services.jobs.start(), b.services.jobs.start()]);
    await a.services.metadata.idle();
    await b.services.metadata.idle();

    expect((await a.services.jobs.get(queued[0]!.id))?.state).toBe('completed');
    expect(standIn.hits.filter((h) => h.startsWith('/shows/')).sort()).toEqual([
      '/shows/82',
      '/shows/82/episodes?specials=1',
    ]);
    // The daily updates job (a schedule) ran on one of the two servers, not on both.
    await vi.waitFor(() => expect(standIn.hitsOf('/updates/shows')).toBe(1));
    await a.services.jobs.idle(APPLY_UPDATES_JOB);
    await b.services.jobs.idle(APPLY_UPDATES_JOB);
    expect(standIn.hitsOf('/updates/shows')).toBe(1);
    const refreshed = await db.kysely
      .selectFrom('shows')
      .select(['episodes_complete', 'metadata_synced_at'])
      .where('id', '=', show.id)
      .executeTakeFirstOrThrow();
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
