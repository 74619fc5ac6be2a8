import { describe, expect, it } from 'vitest';
import type { DomainEvents } from '../src/platform/events';
import { useTestApp } from './build-test-app';
import { caller } from './http';
import { buildEpisode, buildShow, registerUser } from './factories';

const t = useTestApp();

const call = caller(() => t.app);

describe('domain events', () => {
  it('are published after the change commits, and a failed change publishes nothing', async () => {
    const { token, user } = await registerUser(t.app);
    const show = await buildShow(t.db);
    const seen: { event: DomainEvents['tracking.changed']; rowVisible: boolean }[] = [];
    const counters: number[][] = [];
    const off = t.app.services.events.on('tracking.changed', async (event) => {
      // Read through a fresh query: the row must already be committed when we hear of it.
      const row = await t.db.kysely
        .selectFrom('watchlist_items')
        .select('id')
        .where('user_id', '=', event.userId)
        .where('show_id', '=', event.showId)
        .executeTakeFirst();
      seen.push({ event, rowVisible: !!row });
    });
    const offCounters = t.app.services.events.on('show.counters.changed', ({ showIds }) => {
      counters.push(showIds);
    });
    try {
      const add = () =>
        call(token, {
          method: 'POST',
          url: '/api/user-content-status',
          payload: { showId: show.id, status: 'watching' },
        });
      expect((await add()).statusCode).toBe(201);
      expect((await add()).statusCode).toBe(409);
      expect(seen).toEqual([
        {
          event: { userId: user.id, showId: show.id, change: 'added' },
          rowVisible: true,
        },
      ]);
      expect(counters).toEqual([[show.id]]);
    } finally {
      off();
      offCounters();
    }
  });

  it('a failing subscriber never fails the request that caused the event', async () => {
    const { token } = await registerUser(t.app);
    const show = await buildShow(t.db);
    const off = t.app.services.events.on('tracking.changed', () => {
      throw new Error('subscriber broke');
    });
    try {
      const res = await call(token, {
        method: 'POST',
        url: '/api/user-content-status',
        payload: { showId: show.id, status: 'watching' },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      off();
    }
  });

  it('marking episodes publishes episode.watched with exactly those episodes', async () => {
    const { token, user } = await registerUser(t.app);
    const show = await buildShow(t.db);
    const ep = await buildEpisode(t.db, show.id);
    const heard: DomainEvents['episode.watched'][] = [];
    const off = t.app.services.events.on('episode.watched', (e) => void heard.push(e));
    try {
      const res = await call(token, {
        method: 'POST',
        url: `/api/episodes/${ep.id}/progress`,
        payload: { watched: true },
      });
      expect(res.statusCode).toBeLessThan(300);
      expect(heard).toEqual([
        { userId: user.id, showId: show.id, episodeIds: [ep.id], watched: true },
      ]);
    } finally {
      off();
    }
  });
});
