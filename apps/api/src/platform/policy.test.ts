import { describe, expect, it } from 'vitest';
import { authorize, may, visible, type Resource } from './policy';

const alice = { id: 1 };
const bob = { id: 2 };

describe('policy.may', () => {
  it('owned things are seen and changed by their owner only', () => {
    const item: Resource = { kind: 'watchlist-item', ownerId: 1 };
    expect(may(alice, 'read', item)).toBe(true);
    expect(may(alice, 'delete', item)).toBe(true);
    expect(may(bob, 'read', item)).toBe(false);
    expect(may(null, 'read', item)).toBe(false);
  });

  it('a system job (no owner) is nobody’s through the API', () => {
    expect(may(alice, 'read', { kind: 'job', ownerId: null })).toBe(false);
  });

  it('published things: public ones are read by all, private ones by their author only', () => {
    const open: Resource = { kind: 'review', ownerId: 1, isPublic: true };
    const hidden: Resource = { kind: 'list', ownerId: 1, isPublic: false };
    expect(may(null, 'read', open)).toBe(true);
    expect(may(bob, 'update', open)).toBe(false);
    expect(may(alice, 'update', open)).toBe(true);
    expect(may(bob, 'read', hidden)).toBe(false);
    expect(may(null, 'read', hidden)).toBe(false);
    expect(may(alice, 'read', hidden)).toBe(true);
  });

  it('comments: changed by their author, deleted by their author or the review author', () => {
    const carol = { id: 3 };
    const comment: Resource = { kind: 'comment', ownerId: 2, isPublic: true, reviewOwnerId: 1 };
    expect(may(null, 'read', comment)).toBe(true);
    expect(may(bob, 'update', comment)).toBe(true);
    expect(may(alice, 'update', comment)).toBe(false);
    expect(may(alice, 'delete', comment)).toBe(true);
    expect(may(carol, 'delete', comment)).toBe(false);
    // On a private review only its author and the commenter read it.
    const hidden: Resource = { ...comment, isPublic: false };
    expect(may(carol, 'read', hidden)).toBe(false);
    expect(may(alice, 'read', hidden)).toBe(true);
  });

  it('private profiles keep their details to their owner', () => {
    const profile: Resource = { kind: 'profile', userId: 1, isPublic: false };
    expect(may(bob, 'read', profile)).toBe(false);
    expect(may(alice, 'read', profile)).toBe(true);
    expect(may(bob, 'read', { ...profile, isPublic: true })).toBe(true);
  });

  it('is closed by default for kinds it does not know', () => {
    expect(may(alice, 'read', { kind: 'secret', ownerId: 1 } as unknown as Resource)).toBe(false);
  });
});

describe('policy.authorize', () => {
  it('hides what the viewer may not read as 404, refuses changes to what they may read with 403', () => {
    const hidden: Resource = { kind: 'list', ownerId: 1, isPublic: false };
    const open: Resource = { kind: 'list', ownerId: 1, isPublic: true };
    expect(() => authorize(bob, 'read', hidden)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => authorize(bob, 'update', open)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => authorize(bob, 'read', null)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => authorize(alice, 'delete', hidden)).not.toThrow();
  });
});

describe('visible (query filters), on the test database', () => {
  it('profiles: anonymous viewers see public profiles, a member also their own private one', async () => {
    const { buildTestApp } = await import('../../test/build-test-app');
    const { registerUser } = await import('../../test/factories');
    const t = await buildTestApp();
    try {
      const open = await registerUser(t.app);
      const hidden = await registerUser(t.app);
      await t.db.kysely
        .updateTable('users')
        .set({ is_public: 0 })
        .where('id', '=', hidden.user.id)
        .execute();
      const seenBy = async (viewer: { id: number } | null) =>
        (
          await t.db.kysely
            .selectFrom('users')
            .select('id')
            .where(visible.profiles(viewer, 'users.id', 'users.is_public'))
            .orderBy('id')
            .execute()
        ).map((r) => r.id);
      expect(await seenBy(null)).toEqual([open.user.id]);
      expect(await seenBy({ id: open.user.id })).toEqual([open.user.id]);
      expect(await seenBy({ id: hidden.user.id })).toEqual([open.user.id, hidden.user.id]);
      // Publishable rows follow the same shape: public ones, plus the viewer's own.
      const published = async (viewer: { id: number } | null) =>
        (
          await t.db.kysely
            .selectFrom('users')
            .select('id')
            .where(visible.published(viewer, 'users.id', 'users.is_public'))
            .orderBy('id')
            .execute()
        ).map((r) => r.id);
      expect(await published(null)).toEqual([open.user.id]);
      expect(await published({ id: hidden.user.id })).toEqual([open.user.id, hidden.user.id]);
      const owned = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where(visible.ownedBy(null, 'users.id'))
        .execute();
      expect(owned).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
