import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { idempotencyMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../test/build-test-app';
import { bearer, buildShowWithEpisodes, registerUser } from '../../test/factories';
import { memberRows } from '../../test/test-db';

const t = useTestApp();

const call = (token: string, key: string | null, opts: InjectOptions) =>
  t.app.inject({
    ...opts,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
const mark = (token: string, key: string | null, episodeId: number, watched: boolean) =>
  call(token, key, {
    method: 'POST',
    url: `/api/episodes/${episodeId}/progress`,
    payload: { watched },
  });
const watchedIds = async (token: string, showId: number) =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/episodes/show/${showId}/progress`,
        headers: bearer(token),
      })
    ).json() as { data: { episodeId: number }[] }
  ).data.map((d) => d.episodeId);
const playCount = async (userId: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('episode_plays')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Idempotency-Key on episode marks (ADR 162)', () => {
  it('a mark sent again after a later unmark is answered from the record and changes nothing', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    const ep = episodes[0]!;

    const first = await mark(u.token, 'mark-key-0001', ep.id, true);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toMatchObject({ episodeId: ep.id, watched: true });

    const unmark = await mark(u.token, 'unmark-key-0001', ep.id, false);
    expect(unmark.statusCode).toBe(200);

    // The queue lost the first answer and sends the mark again: it must not re-mark.
    const retry = await mark(u.token, 'mark-key-0001', ep.id, true);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await watchedIds(u.token, show.id)).toEqual([]);
    expect(await playCount(u.user.id)).toBe(0);
  });

  it('Watch again with one key adds one play, even when sent ten times at once', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    const ep = episodes[0]!;
    const send = () =>
      call(u.token, 'watch-again-0001', {
        method: 'POST',
        url: `/api/episodes/${ep.id}/plays`,
        payload: {},
      });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    const statuses = answers.map((a) => a.statusCode);
    // One ran; each other one either saw it running (409, retry) or got its answer (201).
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(
      answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']),
    ).toHaveLength(1);
    expect(await playCount(u.user.id)).toBe(1);

    const later = await send();
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await playCount(u.user.id)).toBe(1);

    // Without a key, each press is a play of its own (unchanged behaviour).
    await call(u.token, null, { method: 'POST', url: `/api/episodes/${ep.id}/plays`, payload: {} });
    expect(await playCount(u.user.id)).toBe(2);
  });

  it('a key reused for a different request is a 409 and changes nothing', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await mark(u.token, 'shared-key-0001', episodes[0]!.id, true);
    const other = await mark(u.token, 'shared-key-0001', episodes[1]!.id, true);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', error: idempotencyMessages.keyReused });
    expect(await watchedIds(u.token, show.id)).toEqual([episodes[0]!.id]);
  });

  it('keys are per member: another member with the same key gets their own mark', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await mark(a.token, 'same-key-0001', episodes[0]!.id, true);
    const res = await mark(b.token, 'same-key-0001', episodes[0]!.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await watchedIds(b.token, show.id)).toEqual([episodes[0]!.id]);
  });

  it('a malformed key is a 400 with the message, and nothing is marked', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    for (const key of ['short', 'has space in it', 'x'.repeat(101)]) {
      const res = await mark(u.token, key, episodes[0]!.id, true);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: idempotencyMessages.keyInvalid,
      });
    }
    expect(await watchedIds(u.token, show.id)).toEqual([]);
  });

  it('a failed request releases its key: the same request runs again once it can succeed', async () => {
    const u = await registerUser(t.app);
    const missing = await mark(u.token, 'retry-key-0001', 999_999, true);
    expect(missing.statusCode).toBe(404);
    const again = await mark(u.token, 'retry-key-0001', 999_999, true);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const rows = await memberRows(t.db, 'idempotency_keys', u.user.id);
    expect(rows).toEqual([]);
  });

  it('a bulk season mark with a key applies once', async () => {
    const u = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 2, 2);
    const bulk = () =>
      call(u.token, 'bulk-key-0001', {
        method: 'POST',
        url: `/api/episodes/show/${show.id}/progress`,
        payload: { season: 1, watched: true },
      });
    const first = await bulk();
    expect(first.statusCode).toBe(200);
    const second = await bulk();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await playCount(u.user.id)).toBe(2);
  });

  it('signed out, a key does not help: 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/episodes/1/progress',
      headers: { 'idempotency-key': 'anon-key-0001' },
      payload: { watched: true },
    });
    expect(res.statusCode).toBe(401);
  });
});
