import { beforeAll, describe, expect, it } from 'vitest';
import { listMessages, type ListDetail, type ListItem } from '@series-tracker/contracts';
import { buildTestApp, useTestApp } from '../../../test/build-test-app';
import { caller, itRefusesSignedOut } from '../../../test/http';
import { bearer, buildShow, registerUser } from '../../../test/factories';
import type { ShowRow } from '../../db/types';

const t = useTestApp();
let shows: ShowRow[];
beforeAll(async () => {
  shows = [];
  for (let i = 0; i < 60; i++)
    shows.push(
      await buildShow(t.db, { title: `List Show ${i}`, poster_url: `https://img.test/${i}.jpg` }),
    );
});

const call = caller(() => t.app);

async function createList(token: string, body: Record<string, unknown>): Promise<ListDetail> {
  const res = await call(token, { method: 'POST', url: '/api/lists', payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json();
}

async function allItems(token: string | null, id: number): Promise<ListItem[]> {
  const out: ListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await call(token, { url: `/api/lists/${id}/items?limit=100&offset=${offset}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    out.push(...body.data);
    if (!body.hasMore) return out;
  }
}

const listCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('lists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Positions read straight from the table: must be exactly 1..n. */
async function positions(listId: number): Promise<number[]> {
  const rows = await t.db.kysely
    .selectFrom('list_items')
    .select('position')
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.position);
}
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('signed-out visitors', () => {
  itRefusesSignedOut(
    () => t.app,
    [
      ['GET', '/api/lists/me'],
      ['POST', '/api/lists'],
      ['PUT', '/api/lists/1'],
      ['DELETE', '/api/lists/1'],
      ['POST', '/api/lists/1/items'],
      ['PUT', '/api/lists/1/items/1'],
      ['DELETE', '/api/lists/1/items/1'],
      ['DELETE', '/api/lists/1/shows/1'],
      ['PUT', '/api/lists/1/reorder'],
      ['POST', '/api/lists/1/follow'],
      ['DELETE', '/api/lists/1/follow'],
      ['POST', '/api/lists/1/duplicate'],
    ],
  );
});

describe('creating lists', () => {
  it('applies defaults, trims, omits an empty description, and returns the id', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, { name: '  Weekend picks  ', description: '   ' });
    expect(list).toMatchObject({
      name: 'Weekend picks',
      description: null,
      isPublic: true,
      isRanked: false,
      itemCount: 0,
      followersCount: 0,
      covers: [],
      isFollowing: false,
      user: { id: u.user.id, username: u.user.username },
    });
    expect(list.id).toBeGreaterThan(0);
    const read = await call(null, { url: `/api/lists/${list.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Weekend picks');
  });

  it.each([
    [{}, 'name', listMessages.nameRequired],
    [{ name: '   ' }, 'name', listMessages.nameRequired],
    [{ name: 'x'.repeat(101) }, 'name', listMessages.nameTooLong],
    [{ name: 'ok', description: 'd'.repeat(501) }, 'description', listMessages.descriptionTooLong],
    [
      { name: 'ok', items: [{ showId: 1, notes: 'n'.repeat(1001) }] },
      'items.0.notes',
      listMessages.notesTooLong,
    ],
  ])('rejects %j with the spec message', async (body, field, message) => {
    const u = await registerUser(t.app);
    const before = await listCount();
    const res = await call(u.token, { method: 'POST', url: '/api/lists', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toBe(message);
    expect(await listCount()).toBe(before);
  });

  it('accepts exactly 100 characters of name and 500 of description', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, { name: 'n'.repeat(100), description: 'd'.repeat(500) });
    expect(list.name).toHaveLength(100);
    expect(list.description).toHaveLength(500);
  });

  it('creates a list with 100 items in one request, in the order given', async () => {
    const u = await registerUser(t.app);
    const many = [];
    for (let i = 0; i < 100; i++) many.push(await buildShow(t.db, { title: `Bulk ${i}` }));
    const list = await createList(u.token, {
      name: 'Hundred',
      isRanked: true,
      items: many.map((s, i) => ({ showId: s.id, notes: i === 0 ? 'the best' : undefined })),
    });
    expect(list.itemCount).toBe(100);
    expect(list.covers.map((c) => c.showId)).toEqual(many.slice(0, 4).map((s) => s.id));
    const items = await allItems(u.token, list.id);
    expect(items.map((i) => i.showId)).toEqual(many.map((s) => s.id));
    expect(items.map((i) => i.position)).toEqual(oneToN(100));
    expect(items[0]).toMatchObject({ notes: 'the best', show: { title: 'Bulk 0' } });
  });

  it('is atomic: one unknown or repeated show → 400 and nothing is created', async () => {
    const u = await registerUser(t.app);
    const before = await listCount();
    const items = shows.slice(0, 50).map((s) => ({ showId: s.id }));
    const unknown = await call(u.token, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'Broken', items: [...items, { showId: 2_000_000_000 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details['items.50.showId']).toBe(listMessages.showNotFound);
    const repeated = await call(u.token, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'Broken', items: [...items, { showId: shows[3]!.id }] },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details['items.50.showId']).toBe(listMessages.duplicateShows);
    expect(await listCount()).toBe(before);
    const orphanItems = await t.db.kysely
      .selectFrom('list_items')
      .leftJoin('lists', 'lists.id', 'list_items.list_id')
      .select('list_items.id')
      .where('lists.id', 'is', null)
      .execute();
    expect(orphanItems).toEqual([]);
  });

  it('places items with a position first, by position, the others after in the order sent', async () => {
    const u = await registerUser(t.app);
    const [a, b, c, d] = shows;
    const list = await createList(u.token, {
      name: 'Mixed',
      isRanked: true,
      items: [
        { showId: a!.id },
        { showId: b!.id, position: 2 },
        { showId: c!.id, position: 1 },
        { showId: d!.id },
      ],
    });
    const items = await allItems(u.token, list.id);
    expect(items.map((i) => i.showId)).toEqual([c!.id, b!.id, a!.id, d!.id]);
    // A bad item is named by its index as sent, whatever its position.
    const bad = await call(u.token, {
      method: 'POST',
      url: '/api/lists',
      payload: {
        name: 'Bad',
        items: [{ showId: a!.id }, { showId: 2_000_000_000, position: 1 }, { showId: b!.id }],
      },
    });
    expect(bad.json().details).toEqual({ 'items.1.showId': listMessages.showNotFound });
  });
});

describe('items', () => {
  it('pages a big list without a cap; unranked lists show newest first with position null', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, { name: 'Unranked' });
    for (const s of shows.slice(0, 3)) {
      const res = await call(u.token, {
        method: 'POST',
        url: `/api/lists/${list.id}/items`,
        payload: { showId: s.id },
      });
      expect(res.statusCode).toBe(201);
      // Distinct added_at values.
      await new Promise((r) => setTimeout(r, 5));
    }
    const items = await allItems(null, list.id);
    expect(items.map((i) => i.showId)).toEqual(
      shows
        .slice(0, 3)
        .map((s) => s.id)
        .reverse(),
    );
    expect(items.every((i) => i.position === null)).toBe(true);
    const detail = (await call(null, { url: `/api/lists/${list.id}` })).json();
    expect(detail.covers.map((c: { showId: number }) => c.showId)).toEqual(
      shows
        .slice(0, 3)
        .map((s) => s.id)
        .reverse(),
    );

    const big = await createList(u.token, {
      name: 'Big',
      isRanked: true,
      items: shows.map((s) => ({ showId: s.id })),
    });
    const first = await call(null, { url: `/api/lists/${big.id}/items?limit=25&offset=50` });
    expect(first.json()).toMatchObject({ total: 60, limit: 25, offset: 50, hasMore: false });
    expect(first.json().data.map((i: ListItem) => i.position)).toEqual(
      oneToN(10).map((n) => n + 50),
    );
    expect((await call(null, { url: `/api/lists/${big.id}/items?limit=101` })).statusCode).toBe(
      400,
    );
  });

  it('embeds the show, answers membership by show, refuses a show twice (409)', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, { name: 'Members', items: [{ showId: shows[0]!.id }] });
    const one = await call(null, { url: `/api/lists/${list.id}/shows/${shows[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().show).toMatchObject({
      id: shows[0]!.id,
      title: 'List Show 0',
      titleEnglish: null,
      coverImageUrl: 'https://img.test/0.jpg',
      status: expect.any(String),
    });
    expect(
      (await call(null, { url: `/api/lists/${list.id}/shows/${shows[1]!.id}` })).statusCode,
    ).toBe(404);
    const again = await call(u.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      payload: { showId: shows[0]!.id },
    });
    expect(again.statusCode).toBe(409);
    const missing = await call(u.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      payload: { showId: 2_000_000_000 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps ranked positions 1..n through inserts, moves, removals and notes', async () => {
    const u = await registerUser(t.app);
    const [a, b, c, d, e] = shows;
    const list = await createList(u.token, {
      name: 'Ranks',
      isRanked: true,
      items: [a, b, c].map((s) => ({ showId: s!.id })),
    });
    const add = await call(u.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      payload: { showId: d!.id, position: 1, notes: ' top ' },
    });
    expect(add.json()).toMatchObject({ position: 1, notes: 'top' });
    await call(u.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      payload: { showId: e!.id, position: 99 },
    });
    let items = await allItems(u.token, list.id);
    expect(items.map((i) => i.showId)).toEqual([d, a, b, c, e].map((s) => s!.id));
    const moved = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}/items/${items[0]!.id}`,
      payload: { position: 4, notes: null },
    });
    expect(moved.json()).toMatchObject({ position: 4, notes: null });
    items = await allItems(u.token, list.id);
    expect(items.map((i) => i.showId)).toEqual([a, b, c, d, e].map((s) => s!.id));
    const tooLong = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}/items/${items[0]!.id}`,
      payload: { notes: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.notes).toBe(listMessages.notesTooLong);
    expect(
      (
        await call(u.token, {
          method: 'DELETE',
          url: `/api/lists/${list.id}/items/${items[1]!.id}`,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call(u.token, { method: 'DELETE', url: `/api/lists/${list.id}/shows/${a!.id}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(u.token, { method: 'DELETE', url: `/api/lists/${list.id}/shows/${a!.id}` }))
        .statusCode,
    ).toBe(404);
    items = await allItems(u.token, list.id);
    expect(items.map((i) => i.showId)).toEqual([c, d, e].map((s) => s!.id));
    expect(await positions(list.id)).toEqual([1, 2, 3]);
    expect((await call(null, { url: `/api/lists/${list.id}` })).json().itemCount).toBe(3);
  });

  it('reorders with every item named exactly once, else 400 and nothing moves', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, {
      name: 'Reorder',
      isRanked: true,
      items: shows.slice(0, 5).map((s) => ({ showId: s.id })),
    });
    const items = await allItems(u.token, list.id);
    const ids = items.map((i) => i.id);
    const other = await createList(u.token, { name: 'Other', items: [{ showId: shows[9]!.id }] });
    const otherItem = (await allItems(u.token, other.id))[0]!.id;
    for (const bad of [
      ids.slice(1),
      [...ids, ids[0]!],
      [...ids.slice(1), otherItem],
      [ids[0]!, ids[0]!, ids[1]!, ids[2]!, ids[3]!],
    ]) {
      const res = await call(u.token, {
        method: 'PUT',
        url: `/api/lists/${list.id}/reorder`,
        payload: { itemIds: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.itemIds).toBe(listMessages.reorderMismatch);
    }
    expect((await allItems(u.token, list.id)).map((i) => i.id)).toEqual(ids);
    const reversed = [...ids].reverse();
    const ok = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}/reorder`,
      payload: { itemIds: reversed },
    });
    expect(ok.statusCode).toBe(204);
    expect((await allItems(u.token, list.id)).map((i) => i.id)).toEqual(reversed);
    const unranked = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${other.id}/reorder`,
      payload: { itemIds: [otherItem] },
    });
    expect(unranked.statusCode).toBe(400);
    expect(unranked.json().details.itemIds).toBe(listMessages.notRanked);
  });

  it('keeps positions 1..n under 50 concurrent adds and reorders', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, {
      name: 'Race',
      isRanked: true,
      items: shows.slice(0, 10).map((s) => ({ showId: s.id })),
    });
    const startIds = (await allItems(u.token, list.id)).map((i) => i.id);
    const adds = shows.slice(10, 60).map((s, i) =>
      call(u.token, {
        method: 'POST',
        url: `/api/lists/${list.id}/items`,
        payload: { showId: s.id, ...(i % 3 === 0 ? { position: 1 + (i % 7) } : {}) },
      }),
    );
    // Reorders naming the ten first items: valid only while nothing else has been added, so
    // most answer 400; none may leave a gap or a duplicate.
    const reorders = Array.from({ length: 50 }, (_, i) =>
      call(u.token, {
        method: 'PUT',
        url: `/api/lists/${list.id}/reorder`,
        payload: { itemIds: i % 2 ? [...startIds].reverse() : startIds },
      }),
    );
    const moves = Array.from({ length: 20 }, (_, i) =>
      call(u.token, {
        method: 'PUT',
        url: `/api/lists/${list.id}/items/${startIds[i % 10]}`,
        payload: { position: 1 + ((i * 7) % 30) },
      }),
    );
    const results = await Promise.all([...adds, ...reorders, ...moves]);
    expect(results.slice(0, 50).map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    for (const r of results.slice(50)) expect([200, 204, 400]).toContain(r.statusCode);
    expect(await positions(list.id)).toEqual(oneToN(60));
    const items = await allItems(u.token, list.id);
    expect(items.map((i) => i.position)).toEqual(oneToN(60));
    expect(new Set(items.map((i) => i.showId)).size).toBe(60);
    expect((await call(null, { url: `/api/lists/${list.id}` })).json().itemCount).toBe(60);
    // And a full reorder of everything still works afterwards.
    const shuffled = items.map((i) => i.id).sort((x, y) => ((x * 7919) % 61) - ((y * 7919) % 61));
    const concurrentFull = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        call(u.token, {
          method: 'PUT',
          url: `/api/lists/${list.id}/reorder`,
          payload: { itemIds: k % 2 ? shuffled : [...shuffled].reverse() },
        }),
      ),
    );
    expect(concurrentFull.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    expect(await positions(list.id)).toEqual(oneToN(60));
  });
});

describe('privacy', () => {
  it('hides a private list from everyone but its owner, on every path', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const marker = `secretmarker${Date.now()}`;
    const show = await buildShow(t.db, { title: 'Private Show' });
    const statsBefore = (await call(null, { url: '/api/stats/global' })).json();
    const list = await createList(owner.token, {
      name: `My ${marker}`,
      isPublic: false,
      items: [{ showId: show.id }],
    });
    expect(list.isPublic).toBe(false);
    const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((l) => l.id);
    for (const token of [null, other.token, owner.token]) {
      for (const url of [
        '/api/lists?limit=100',
        `/api/lists?userId=${owner.user.id}`,
        '/api/lists/popular?limit=100',
        '/api/lists/recent?limit=100',
        `/api/lists/search?q=${marker}`,
        `/api/shows/${show.id}/lists`,
      ]) {
        const res = await call(token, { url });
        expect(res.statusCode).toBe(200);
        expect(ids(res)).not.toContain(list.id);
      }
    }
    for (const token of [null, other.token]) {
      for (const url of [
        `/api/lists/${list.id}`,
        `/api/lists/${list.id}/items`,
        `/api/lists/${list.id}/shows/${show.id}`,
      ]) {
        const res = await call(token, { url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(marker);
      }
    }
    // The profile tab's service: the owner sees it, others do not.
    const byOwner = await t.app.services.lists.listByOwner(owner.user, owner.user.id, {
      limit: 12,
      offset: 0,
    });
    expect(byOwner.data.map((l) => l.id)).toContain(list.id);
    for (const viewer of [null, other.user]) {
      const seen = await t.app.services.lists.listByOwner(viewer, owner.user.id, {
        limit: 12,
        offset: 0,
      });
      expect(seen.data.map((l) => l.id)).not.toContain(list.id);
      expect(seen.total).toBe(0);
    }
    // Counts.
    const statsAfter = (await call(null, { url: '/api/stats/global' })).json();
    expect(statsAfter.totalLists).toBe(statsBefore.totalLists);
    expect(statsAfter.recentActivity.newLists).toBe(statsBefore.recentActivity.newLists);
    // The owner: direct read, items, membership and /lists/me.
    expect((await call(owner.token, { url: `/api/lists/${list.id}` })).statusCode).toBe(200);
    expect((await call(owner.token, { url: `/api/lists/${list.id}/items` })).json().total).toBe(1);
    expect(
      (await call(owner.token, { url: `/api/lists/${list.id}/shows/${show.id}` })).statusCode,
    ).toBe(200);
    const mine = (await call(owner.token, { url: `/api/lists/me?showId=${show.id}` })).json();
    expect(mine.data).toEqual([expect.objectContaining({ id: list.id, hasShow: true })]);
    expect(ids(await call(other.token, { url: '/api/lists/me' }))).not.toContain(list.id);
    // Others cannot follow or duplicate what they cannot see.
    for (const [method, url] of [
      ['POST', `/api/lists/${list.id}/follow`],
      ['POST', `/api/lists/${list.id}/duplicate`],
      ['PUT', `/api/lists/${list.id}`],
      ['DELETE', `/api/lists/${list.id}`],
      ['POST', `/api/lists/${list.id}/items`],
    ] as const) {
      const res = await call(other.token, {
        method,
        url,
        payload: method === 'DELETE' ? undefined : { name: 'x', showId: shows[0]!.id },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('counts a list in the platform figures when it becomes public, and not after it is deleted', async () => {
    const u = await registerUser(t.app);
    const get = async () => (await call(null, { url: '/api/stats/global' })).json();
    const before = await get();
    const list = await createList(u.token, { name: 'Soon public', isPublic: false });
    expect((await get()).totalLists).toBe(before.totalLists);
    await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}`,
      payload: { isPublic: true },
    });
    const mid = await get();
    expect(mid.totalLists).toBe(before.totalLists + 1);
    expect(mid.recentActivity.newLists).toBe(before.recentActivity.newLists + 1);
    const index = (await call(null, { url: '/api/lists?limit=100' })).json();
    expect(index.data.map((l: { id: number }) => l.id)).toContain(list.id);
    await call(u.token, { method: 'DELETE', url: `/api/lists/${list.id}` });
    expect((await get()).totalLists).toBe(before.totalLists);
    expect((await call(null, { url: `/api/lists/${list.id}` })).statusCode).toBe(404);
  });
});

describe('owner-only writes', () => {
  it('answers 403 to others on a public list and changes nothing', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const list = await createList(owner.token, {
      name: 'Mine',
      isRanked: true,
      items: [{ showId: shows[0]!.id }, { showId: shows[1]!.id }],
    });
    const items = await allItems(null, list.id);
    for (const [method, url, payload] of [
      ['PUT', `/api/lists/${list.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/lists/${list.id}`, undefined],
      ['POST', `/api/lists/${list.id}/items`, { showId: shows[2]!.id }],
      ['PUT', `/api/lists/${list.id}/items/${items[0]!.id}`, { notes: 'mine now' }],
      ['DELETE', `/api/lists/${list.id}/items/${items[0]!.id}`, undefined],
      ['DELETE', `/api/lists/${list.id}/shows/${shows[0]!.id}`, undefined],
      ['PUT', `/api/lists/${list.id}/reorder`, { itemIds: items.map((i) => i.id).reverse() }],
    ] as const) {
      const res = await call(other.token, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const after = (await call(null, { url: `/api/lists/${list.id}` })).json();
    expect(after).toMatchObject({ name: 'Mine', itemCount: 2 });
    expect((await allItems(null, list.id)).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('lets the owner edit details; empty description clears it', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, { name: 'Before', description: 'desc' });
    const res = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}`,
      payload: { name: ' After ', description: '', isRanked: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', description: null, isRanked: true });
    const bad = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}`,
      payload: { name: '' },
    });
    expect(bad.json().details.name).toBe(listMessages.nameRequired);
    const nothing = await call(u.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}`,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(
      (await call(u.token, { method: 'PUT', url: '/api/lists/999999', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('follow and duplicate', () => {
  it('keeps followersCount exact: idempotent, concurrent, not one’s own', async () => {
    const owner = await registerUser(t.app);
    const list = await createList(owner.token, { name: 'Followed' });
    const own = await call(owner.token, { method: 'POST', url: `/api/lists/${list.id}/follow` });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe(listMessages.ownList);
    const fans = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const results = await Promise.all(
      fans.flatMap((f) =>
        [1, 2, 3].map(() => call(f.token, { method: 'POST', url: `/api/lists/${list.id}/follow` })),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().isFollowing)).toBe(true);
    let detail = (await call(fans[0]!.token, { url: `/api/lists/${list.id}` })).json();
    expect(detail).toMatchObject({ followersCount: 6, isFollowing: true });
    expect((await call(owner.token, { url: `/api/lists/${list.id}` })).json().isFollowing).toBe(
      false,
    );
    const un = await Promise.all([
      call(fans[0]!.token, { method: 'DELETE', url: `/api/lists/${list.id}/follow` }),
      call(fans[0]!.token, { method: 'DELETE', url: `/api/lists/${list.id}/follow` }),
      call(fans[1]!.token, { method: 'DELETE', url: `/api/lists/${list.id}/follow` }),
    ]);
    expect(un.map((r) => r.json().isFollowing)).toEqual([false, false, false]);
    detail = (await call(fans[0]!.token, { url: `/api/lists/${list.id}` })).json();
    expect(detail).toMatchObject({ followersCount: 4, isFollowing: false });
    const popular = (await call(null, { url: '/api/lists/popular?limit=100' })).json();
    expect(popular.data.find((l: { id: number }) => l.id === list.id).followersCount).toBe(4);
    // A member's account erasure takes their follows off the count.
    await t.db.kysely
      .transaction()
      .execute((trx) => t.app.services.erasure.run(trx, fans[2]!.user.id));
    expect((await call(null, { url: `/api/lists/${list.id}` })).json().followersCount).toBe(3);
  });

  it('copies a visible list with order and notes as a private list of the viewer', async () => {
    const owner = await registerUser(t.app);
    const copier = await registerUser(t.app);
    const list = await createList(owner.token, {
      name: 'Original',
      description: 'the canon',
      isRanked: true,
      items: shows.slice(0, 5).map((s, i) => ({ showId: s.id, notes: `note ${i}` })),
    });
    const items = await allItems(null, list.id);
    const order = [items[3]!, items[0]!, items[4]!, items[1]!, items[2]!].map((i) => i.id);
    await call(owner.token, {
      method: 'PUT',
      url: `/api/lists/${list.id}/reorder`,
      payload: { itemIds: order },
    });
    const res = await call(copier.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/duplicate`,
      payload: { name: 'My copy' },
    });
    expect(res.statusCode).toBe(201);
    const copy: ListDetail = res.json();
    expect(copy).toMatchObject({
      name: 'My copy',
      description: 'the canon',
      isPublic: false,
      isRanked: true,
      itemCount: 5,
      followersCount: 0,
      user: { id: copier.user.id },
    });
    const src = await allItems(null, list.id);
    const dst = await allItems(copier.token, copy.id);
    expect(dst.map((i) => [i.showId, i.position, i.notes])).toEqual(
      src.map((i) => [i.showId, i.position, i.notes]),
    );
    expect((await call(owner.token, { url: `/api/lists/${copy.id}` })).statusCode).toBe(404);
    const bad = await call(copier.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/duplicate`,
      payload: { name: ' ' },
    });
    expect(bad.json().details.name).toBe(listMessages.nameRequired);
  });
});

describe('index pages', () => {
  it('carries counts, owner and up to 4 covers in rank order; filters and sorts', async () => {
    const u = await registerUser(t.app, { displayName: 'Lister' });
    const ranked = await createList(u.token, {
      name: 'Zeta ranked',
      isRanked: true,
      items: shows.slice(10, 16).map((s) => ({ showId: s.id })),
    });
    await createList(u.token, { name: 'Alpha plain', items: [{ showId: shows[20]!.id }] });
    const byUser = (
      await call(null, { url: `/api/lists?userId=${u.user.id}&sort=name&order=asc` })
    ).json();
    expect(byUser.total).toBe(2);
    expect(byUser.data.map((l: ListDetail) => l.name)).toEqual(['Alpha plain', 'Zeta ranked']);
    const z = byUser.data[1];
    expect(z).toMatchObject({
      itemCount: 6,
      followersCount: 0,
      user: { username: u.user.username, displayName: 'Lister' },
    });
    expect(z.covers).toEqual(
      shows
        .slice(10, 14)
        .map((s) => ({ showId: s.id, title: s.title, coverImageUrl: s.poster_url })),
    );
    const rankedOnly = (
      await call(null, { url: `/api/lists?userId=${u.user.id}&isRanked=true` })
    ).json();
    expect(rankedOnly.data.map((l: ListDetail) => l.id)).toEqual([ranked.id]);
    const bigFirst = (
      await call(null, { url: `/api/lists?userId=${u.user.id}&sort=item_count` })
    ).json();
    expect(bigFirst.data[0].id).toBe(ranked.id);
    const paged = (
      await call(null, { url: `/api/lists?userId=${u.user.id}&limit=1&offset=1` })
    ).json();
    expect(paged).toMatchObject({ total: 2, limit: 1, offset: 1, hasMore: false });
    const past = (await call(null, { url: `/api/lists?userId=${u.user.id}&offset=10` })).json();
    expect(past).toMatchObject({ data: [], total: 2 });
    const found = (await call(null, { url: '/api/lists/search?q=zeta%20RANKED' })).json();
    expect(found.data.map((l: ListDetail) => l.id)).toContain(ranked.id);
    const percent = (await call(null, { url: '/api/lists/search?q=%25' })).json();
    expect(percent.data).toEqual([]);
    // The search page's lists tab path answers the same, not an empty stub.
    const viaSearch = (await call(null, { url: '/api/search/lists?q=zeta%20RANKED' })).json();
    expect(viaSearch).toEqual(found);
    const showLists = (await call(null, { url: `/api/shows/${shows[12]!.id}/lists` })).json();
    expect(showLists.data.map((l: ListDetail) => l.id)).toContain(ranked.id);
    expect((await call(null, { url: '/api/shows/2000000000/lists' })).statusCode).toBe(404);
    const recent = (await call(null, { url: '/api/lists/recent' })).json();
    expect(recent.limit).toBe(12);
    expect(recent.data.length).toBeLessThanOrEqual(12);
    expect((await call(null, { url: '/api/lists?sort=bogus' })).statusCode).toBe(400);
  });

  it('drops cached index pages when a list changes', async () => {
    const u = await registerUser(t.app);
    const url = `/api/lists?userId=${u.user.id}`;
    expect((await call(null, { url })).json().total).toBe(0);
    expect((await call(null, { url })).headers['x-cache']).toBe('hit');
    const list = await createList(u.token, { name: 'Fresh' });
    expect((await call(null, { url })).json().total).toBe(1);
    await call(u.token, {
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      payload: { showId: shows[0]!.id },
    });
    expect((await call(null, { url })).json().data[0].itemCount).toBe(1);
  });
});

describe('cached reads of one list', () => {
  it('serves visitors a shared copy, signed-in readers their own, and drops it on every change', async () => {
    const owner = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const list = await createList(owner.token, {
      name: 'Cached',
      isRanked: true,
      items: [{ showId: shows[0]!.id }, { showId: shows[1]!.id }],
    });
    const url = `/api/lists/${list.id}`;
    const itemsUrl = `/api/lists/${list.id}/items`;
    await call(null, { url });
    await call(null, { url: itemsUrl });
    const hit = await call(null, { url });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['vary']).toContain('authorization');
    expect((await call(null, { url: itemsUrl })).headers['x-cache']).toBe('hit');

    await call(fan.token, { method: 'POST', url: `${url}/follow` });
    const mine = await call(fan.token, { url });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.json()).toMatchObject({ isFollowing: true, followersCount: 1 });
    const anon = await call(null, { url });
    expect(anon.json()).toMatchObject({ isFollowing: false, followersCount: 1 });

    const items = (await call(null, { url: itemsUrl })).json().data as ListItem[];
    await call(owner.token, {
      method: 'PUT',
      url: `${url}/reorder`,
      payload: { itemIds: items.map((i) => i.id).reverse() },
    });
    expect((await call(null, { url: itemsUrl })).json().data[0].id).toBe(items[1]!.id);

    await call(owner.token, { method: 'PUT', url, payload: { isPublic: false } });
    expect((await call(null, { url })).statusCode).toBe(404);
    expect((await call(null, { url: itemsUrl })).statusCode).toBe(404);
    expect((await call(owner.token, { url })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits each member’s list writes across all list routes (429)', async () => {
    const limitedApp = await buildTestApp({
      listWriteRateLimit: { max: 3, timeWindow: '1 minute' },
    });
    try {
      const u = await registerUser(limitedApp.app);
      const v = await registerUser(limitedApp.app);
      const post = (token: string) =>
        limitedApp.app.inject({
          method: 'POST',
          url: '/api/lists',
          headers: bearer(token),
          payload: { name: 'spam' },
        });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await post(u.token)).statusCode);
      expect(codes).toEqual([201, 201, 201]);
      const over = await post(u.token);
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
      const follow = await limitedApp.app.inject({
        method: 'POST',
        url: '/api/lists/1/follow',
        headers: bearer(u.token),
      });
      expect(follow.statusCode).toBe(429);
      // Another member has their own budget.
      expect((await post(v.token)).statusCode).toBe(201);
    } finally {
      await limitedApp.close();
    }
  });
});

describe('account erasure', () => {
  it('removes the member’s lists and items with them', async () => {
    const u = await registerUser(t.app);
    const list = await createList(u.token, {
      name: 'Goes away',
      items: [{ showId: shows[0]!.id }],
    });
    await t.db.kysely.transaction().execute((trx) => t.app.services.erasure.run(trx, u.user.id));
    expect(
      await t.db.kysely.selectFrom('lists').select('id').where('id', '=', list.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.kysely
        .selectFrom('list_items')
        .select('id')
        .where('list_id', '=', list.id)
        .execute(),
    ).toEqual([]);
    expect(t.app.services.erasure.names()).toContain('lists');
  });
});
