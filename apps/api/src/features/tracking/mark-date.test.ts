import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { playsMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { bearer, buildShowWithEpisodes, registerUser } from '../../../test/factories';

/** ADR 176: a mark made offline keeps the instant of the tap when it syncs later. */
const t = useTestApp();

const call = (token: string, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...bearer(token), ...(opts.headers ?? {}) } });
const mark = (token: string, episodeId: number, payload: object, headers = {}) =>
  call(token, { method: 'POST', url: `/api/episodes/${episodeId}/progress`, payload, headers });

describe('a mark dated by the client (watchedAt)', () => {
  it('dates the progress, the play in the diary and the last watched figure by the tap', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db);
    const tapped = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const res = await mark(
      u.token,
      episodes[0]!.id,
      { watched: true, watchedAt: tapped },
      { 'idempotency-key': 'mark-dated-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ watched: true, watchedAt: tapped });
    expect(res.json().item.lastWatchedAt).toBe(tapped);

    const progress = (
      await call(u.token, { method: 'GET', url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(progress.data).toEqual([{ episodeId: episodes[0]!.id, watchedAt: tapped }]);
    const diary = (await call(u.token, { method: 'GET', url: '/api/users/me/history' })).json();
    expect(diary.data.map((p: { watchedAt: string }) => p.watchedAt)).toEqual([tapped]);

    // The queue resends after a lost answer: same key, same body → replayed, still one play.
    const again = await mark(
      u.token,
      episodes[0]!.id,
      { watched: true, watchedAt: tapped },
      { 'idempotency-key': 'mark-dated-1' },
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    const after = (await call(u.token, { method: 'GET', url: '/api/users/me/history' })).json();
    expect(after.total).toBe(1);
  });

  it('an offset is kept as the same instant; a bare date is noon UTC', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db);
    const res = await mark(u.token, episodes[0]!.id, { watchedAt: '2024-05-01T22:30:00+02:00' });
    expect(res.json().watchedAt).toBe('2024-05-01T20:30:00.000Z');
    const bare = await mark(u.token, episodes[1]!.id, { watchedAt: '2024-05-02' });
    expect(bare.json().watchedAt).toBe('2024-05-02T12:00:00.000Z');
  });

  it('an instant ahead of the server clock is stored as now, never in the future', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db);
    const before = Date.now();
    const ahead = new Date(before + 2 * 3_600_000).toISOString();
    const res = await mark(u.token, episodes[0]!.id, { watchedAt: ahead });
    expect(res.statusCode).toBe(200);
    const stored = Date.parse(res.json().watchedAt);
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThan(Date.parse(ahead));
  });

  it('unreadable or before 1900 → 400 with the message, nothing marked', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db);
    for (const [watchedAt, message] of [
      ['yesterday', playsMessages.watchedAtInvalid],
      ['2021-02-30', playsMessages.watchedAtInvalid],
      ['1899-12-31T20:00:00Z', playsMessages.watchedAtTooOld],
      [42, playsMessages.watchedAtInvalid],
    ] as const) {
      const res = await mark(u.token, episodes[0]!.id, { watchedAt });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const progress = (
      await call(u.token, { method: 'GET', url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(progress.data).toEqual([]);
    expect(progress.item).toBeNull();
  });

  it('unmarking ignores watchedAt; marking a watched episode keeps its first date', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db);
    const first = '2025-01-10T08:00:00.000Z';
    await mark(u.token, episodes[0]!.id, { watchedAt: first });
    const re = await mark(u.token, episodes[0]!.id, { watchedAt: '2025-02-10T08:00:00Z' });
    expect(re.json().watchedAt).toBe(first);
    const un = await mark(u.token, episodes[0]!.id, { watched: false, watchedAt: first });
    expect(un.json()).toMatchObject({ watched: false, watchedAt: null });
  });
});
