import { type Kysely, type Transaction } from 'kysely';
import { offsetPage } from '../../db/paging';
import { countWhere, deleteWhere, existsWhere, insertNew } from '../../db/rows';
import type { Database } from '../../db/types';

type Exec = Kysely<Database> | Transaction<Database>;

/** Follows and blocks: the only SQL that writes them. */
export function createSocialRepository(db: Kysely<Database>) {
  return {
    db,

    /** True when the row was created (a repeated follow changes nothing). */
    follow: (followerId: number, followeeId: number, now: string): Promise<boolean> =>
      insertNew(
        db,
        'follows',
        { follower_id: followerId, followee_id: followeeId, created_at: now },
        ['follower_id', 'followee_id'],
      ),

    unfollow: (trx: Exec, followerId: number, followeeId: number): Promise<boolean> =>
      deleteWhere(trx, 'follows', { follower_id: followerId, followee_id: followeeId }),

    isFollowing: (followerId: number, followeeId: number): Promise<boolean> =>
      existsWhere(db, 'follows', { follower_id: followerId, followee_id: followeeId }),

    /** Everyone following `userId` (ids only: whose cached home feeds their activity reaches). */
    async followersOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', userId)
        .execute();
      return rows.map((r) => r.follower_id);
    },

    /** The viewer's follows among `ids`. */
    async followingAmong(viewerId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', viewerId)
        .where('followee_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.followee_id));
    },

    async counts(userId: number): Promise<{ followers: number; following: number }> {
      const [followers, following] = await Promise.all([
        countWhere(db, 'follows', { followee_id: userId }),
        countWhere(db, 'follows', { follower_id: userId }),
      ]);
      return { followers, following };
    },

    /** Followers (`side` followee_id = userId) or followings of a member, newest follow first. */
    async people(side: 'followers' | 'following', userId: number, limit: number, offset: number) {
      const [mine, other] =
        side === 'followers'
          ? (['followee_id', 'follower_id'] as const)
          : (['follower_id', 'followee_id'] as const);
      return offsetPage(
        db
          .selectFrom('follows')
          .innerJoin('users', 'users.id', `follows.${other}`)
          .selectAll('users')
          .select([
            'follows.created_at as followed_at',
            (eb) =>
              eb
                .selectFrom('follows as f2')
                .select((e2) => e2.fn.countAll<number>().as('n'))
                .whereRef('f2.followee_id', '=', 'users.id')
                .as('followers_count'),
          ])
          .where(`follows.${mine}`, '=', userId)
          .orderBy('follows.created_at', 'desc')
          .orderBy('users.id', 'desc'),
        countWhere(db, 'follows', { [mine]: userId }),
        limit,
        offset,
      );
    },

    block: (trx: Exec, blockerId: number, blockedId: number, now: string): Promise<boolean> =>
      insertNew(trx, 'blocks', { blocker_id: blockerId, blocked_id: blockedId, created_at: now }, [
        'blocker_id',
        'blocked_id',
      ]),

    unblock: (blockerId: number, blockedId: number): Promise<boolean> =>
      deleteWhere(db, 'blocks', { blocker_id: blockerId, blocked_id: blockedId }),

    /** Whether `blockerId` blocks `blockedId`. */
    blocks: (blockerId: number, blockedId: number): Promise<boolean> =>
      existsWhere(db, 'blocks', { blocker_id: blockerId, blocked_id: blockedId }),

    /** Whether either of the two blocks the other. */
    async blockedEitherWay(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom('blocks')
        .select('blocker_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
            eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    blockList: (blockerId: number, limit: number, offset: number) =>
      offsetPage(
        db
          .selectFrom('blocks')
          .innerJoin('users', 'users.id', 'blocks.blocked_id')
          .select([
            'users.id',
            'users.username',
            'users.display_name',
            'users.avatar_url',
            'blocks.created_at',
          ])
          .where('blocks.blocker_id', '=', blockerId)
          .orderBy('blocks.created_at', 'desc')
          .orderBy('users.id', 'desc'),
        countWhere(db, 'blocks', { blocker_id: blockerId }),
        limit,
        offset,
      ),

    /** Whom a member follows, oldest first, for the export (docs/export-format.md). */
    async *exportFollowing(userId: number): AsyncGenerator<Record<string, unknown>> {
      const rows = await db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', 'f.followee_id')
        .select(['u.username', 'f.created_at'])
        .where('f.follower_id', '=', userId)
        .orderBy('f.created_at')
        .orderBy('u.id')
        .execute();
      for (const r of rows) yield { username: r.username, followedAt: r.created_at };
    },

    /** A member's id by username, any case (imports of follows). */
    async idByUsername(username: string): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Erasure: everything a member's follows and blocks hold, both directions. */
    async eraseUser(trx: Exec, userId: number) {
      await trx
        .deleteFrom('follows')
        .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
        .execute();
      await trx
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
        .execute();
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
