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

  it('moderation (ADR 151): hidden things are their author’s alone, removed ones nobody’s; only staff moderate', () => {
    const hid: Resource = { kind: 'review', ownerId: 1, isPublic: true, hidden: true };
    const rem: Resource = {
      kind: 'comment',
      ownerId: 1,
      isPublic: true,
      reviewOwnerId: 2,
      removed: true,
    };
    const hidComment: Resource = { ...rem, removed: false, hidden: true };
    expect(may(alice, 'read', hid)).toBe(true);
    expect(may(bob, 'read', hid)).toBe(false);
    expect(may(null, 'read', hid)).toBe(false);
    expect(may(alice, 'read', rem)).toBe(false);
    // The review's author may delete others' comments, not read a hidden one.
    expect(may(bob, 'read', hidComment)).toBe(false);
    expect(may(bob, 'delete', hidComment)).toBe(false);
    const moderator = { id: 3, role: 'moderator' as const };
    expect(may(alice, 'moderate', { kind: 'moderation' })).toBe(false);
    expect(may({ id: 4, role: 'member' }, 'moderate', hid)).toBe(false);
    expect(may(moderator, 'moderate', hid)).toBe(true);
    expect(may({ id: 5, role: 'admin' }, 'moderate', { kind: 'moderation' })).toBe(true);
    expect(may(moderator, 'moderate', { kind: 'profile', userId: 3, isPublic: true })).toBe(false);
    expect(may(moderator, 'moderate', { kind: 'watchlist-item', ownerId: 3 })).toBe(false);
    expect(() => authorize(alice, 'moderate', { kind: 'moderation' })).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
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
      // Publishable rows follow the same shape: public ones not hidden by a moderator, plus
      // the viewer's own unless removed (ADR 151).
      const now = new Date().toISOString();
      const list = (userId: number, is_public: number, marks: object = {}) =>
        t.db.kysely
          .insertInto('lists')
          .values({
            user_id: userId,
            name: 'L',
            is_public,
            is_ranked: 0,
            created_at: now,
            updated_at: now,
            ...marks,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((r) => r.id);
      const pub = await list(open.user.id, 1);
      const priv = await list(hidden.user.id, 0);
      const hid = await list(open.user.id, 1, { hidden_at: now });
      const rem = await list(open.user.id, 1, { removed_at: now });
      void rem;
      const published = async (viewer: { id: number } | null) =>
        (
          await t.db.kysely
            .selectFrom('lists as l')
            .select('l.id')
            .where(visible.published(viewer, 'l.user_id', 'l.is_public'))
            .orderBy('l.id')
            .execute()
        ).map((r) => r.id);
      expect(await published(null)).toEqual([pub]);
      expect(await published({ id: hidden.user.id })).toEqual([pub, priv]);
      expect(await published({ id: open.user.id })).toEqual([pub, hid]);
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
