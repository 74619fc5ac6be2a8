import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, buildShow, registerUser } from '../../../test/factories';
import { testConfig } from '../../../test/build-test-app';
import { useTvmazeWorld } from '../../../test/tvmaze-world';
import { showRow } from '../../../test/test-db';

/*
 * ADR 176: what a member tracks is brought up to date as they look at it. A show on their
 * watchlist whose record is old (the 2020 snapshot's "Airing in 2020") is refreshed from
 * TVmaze (here a local stand-in) in the background when the watchlist is listed; a fresh
 * one is not asked again, and METADATA_SYNC=off asks TVmaze nothing.
 */

let app: FastifyInstance;

const world = useTvmazeWorld();
afterEach(async () => {
  await app?.close();
});

async function start(metadataSync: boolean) {
  app = await buildApp({
    config: testConfig({ metadataSync, tvmazeBaseUrl: world.standIn.baseUrl }),
    db: world.db,
  });
  await app.ready();
  await app.services.jobs.start();
}

/** A tracked Game of Thrones (TVmaze 82) never refreshed since the snapshot; no event fired. */
async function staleTrackedShow(userId: number) {
  const show = await buildShow(world.db, {
    title: `Stale ${Date.now()}`,
    tvmaze_id: 82,
    status: 'unknown',
    metadata_synced_at: null,
  });
  const at = new Date().toISOString();
  await world.db.kysely
    .insertInto('watchlist_items')
    .values({
      user_id: userId,
      show_id: show.id,
      status: 'watching',
      score: null,
      next_episode_id: null,
      next_air_date: null,
      last_watched_at: null,
      started_at: at,
      completed_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return show;
}

describe('listing what a member tracks refreshes stale shows (ADR 176)', () => {
  it('the watchlist queues one background refresh of a stale show; a fresh one is not asked again', async () => {
    await start(true);
    const u = await registerUser(app);
    const show = await staleTrackedShow(u.user.id);
    const list = () =>
      app.inject({ method: 'GET', url: '/api/user-content-status', headers: bearer(u.token) });
    expect((await list()).statusCode).toBe(200);
    await app.services.metadata.idle();
    expect(world.standIn.hitsOf('/shows/82')).toBeGreaterThanOrEqual(1);
    const row = await showRow(world.db, show.id);
    expect(row.metadata_synced_at).not.toBeNull();
    expect(row.status).not.toBe('unknown');

    const hits = world.standIn.hits.length;
    await list();
    const upNext = await app.inject({
      method: 'GET',
      url: '/api/me/up-next',
      headers: bearer(u.token),
    });
    expect(upNext.statusCode).toBe(200);
    await app.services.metadata.idle();
    expect(world.standIn.hits.length).toBe(hits);
  });

  it('METADATA_SYNC=off: listing asks TVmaze nothing', async () => {
    await start(false);
    const u = await registerUser(app);
    await staleTrackedShow(u.user.id);
    await app.inject({ method: 'GET', url: '/api/user-content-status', headers: bearer(u.token) });
    await app.inject({ method: 'GET', url: '/api/me/up-next', headers: bearer(u.token) });
    await app.services.metadata.idle();
    expect(world.standIn.hits).toEqual([]);
  });
});
