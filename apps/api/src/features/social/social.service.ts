import { errorCodes, peopleMessages, type FollowStats } from '@series-tracker/contracts';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorizeProfileDetails, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { UserRow } from '../../db/types';
import { toPerson } from '../users/users.mapper';
import type { SocialRepository } from './social.repository';
import { page } from '../shows/shows.service';
import type { Text } from '../../lib/i18n/text';

const badRequest = (message: Text) => new AppError(400, errorCodes.validation, message);

export interface SocialServiceOptions {
  repo: SocialRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** A member's row by id (the composition root passes the users repository's `byId`). */
  users: { byId(id: number): Promise<UserRow | undefined> };
  events: EventBus;
}

/**
 * Follows and blocks. Following is public-only (ADR 090): anyone may follow anyone who does not
 * block them, at once, without a request to approve; a private profile's details stay hidden
 * from its followers as from everyone else.
 */
export function createSocialService({ repo, uow, users, events }: SocialServiceOptions) {
  async function requireUser(id: number) {
    const row = await users.byId(id);
    if (!row) throw notFound(peopleMessages.userNotFound);
    return row;
  }

  async function stats(viewer: Viewer, userId: number): Promise<FollowStats> {
    const [counts, following] = await Promise.all([
      repo.counts(userId),
      viewer ? repo.isFollowing(viewer.id, userId) : Promise.resolve(false),
    ]);
    return {
      followersCount: counts.followers,
      followingCount: counts.following,
      isFollowing: following,
      isFollowedByCurrentUser: following,
    };
  }

  return {
    stats: async (viewer: Viewer, userId: number) => {
      await requireUser(userId);
      return stats(viewer, userId);
    },

    async status(viewer: Viewer, userId: number) {
      await requireUser(userId);
      return { isFollowing: viewer ? await repo.isFollowing(viewer.id, userId) : false };
    },

    /** Idempotent: following twice is one follow (the primary key decides, even under races). */
    /** `origin`: a follow read back from an export keeps its date and is not announced. */
    async follow(
      followerId: number,
      followeeId: number,
      origin?: { at: string; imported: true },
    ): Promise<FollowStats> {
      if (followerId === followeeId) throw badRequest(peopleMessages.cannotFollowSelf);
      await requireUser(followeeId);
      if (await repo.blockedEitherWay(followerId, followeeId))
        throw forbidden(peopleMessages.blocked);
      const at = origin?.at ?? nowIso();
      if (await repo.follow(followerId, followeeId, at)) {
        await events.emit('user.followed', {
          followerId,
          followeeId,
          followed: true,
          at,
          ...(origin ? { imported: true } : {}),
        });
      }
      return stats({ id: followerId }, followeeId);
    },

    async unfollow(followerId: number, followeeId: number): Promise<FollowStats> {
      if (followerId === followeeId) throw badRequest(peopleMessages.cannotFollowSelf);
      await requireUser(followeeId);
      if (await repo.unfollow(repo.db, followerId, followeeId)) {
        await events.emit('user.followed', {
          followerId,
          followeeId,
          followed: false,
          at: nowIso(),
        });
      }
      return stats({ id: followerId }, followeeId);
    },

    /** Followers or followings of a member, with the viewer's own follow state on each. */
    async people(
      viewer: Viewer,
      side: 'followers' | 'following',
      userId: number,
      limit: number,
      offset: number,
    ) {
      // A private profile's (or a blocking member's) people are details (ADR 150).
      const row = await requireUser(userId);
      const blocksViewer = viewer ? await repo.blocks(row.id, viewer.id) : false;
      authorizeProfileDetails(
        viewer,
        { kind: 'profile', userId: row.id, isPublic: Boolean(row.is_public), blocksViewer },
        peopleMessages.userNotFound,
        blocksViewer ? peopleMessages.blockedActivity : peopleMessages.privateProfile,
      );
      const { rows, total } = await repo.people(side, userId, limit, offset);
      const mine = viewer
        ? await repo.followingAmong(
            viewer.id,
            rows.map((r) => r.id),
          )
        : null;
      return page(
        rows.map((r) =>
          toPerson(r, viewer, Number(r.followers_count ?? 0), mine ? mine.has(r.id) : undefined),
        ),
        total,
        limit,
        offset,
      );
    },

    /** Blocking also ends follows both ways: a blocked member stops seeing the blocker's feed. */
    async block(blockerId: number, blockedId: number) {
      if (blockerId === blockedId) throw badRequest(peopleMessages.cannotBlockSelf);
      await requireUser(blockedId);
      const at = nowIso();
      const ended = await uow.run(async (trx) => {
        await repo.block(trx, blockerId, blockedId, at);
        const out: [number, number][] = [];
        if (await repo.unfollow(trx, blockerId, blockedId)) out.push([blockerId, blockedId]);
        if (await repo.unfollow(trx, blockedId, blockerId)) out.push([blockedId, blockerId]);
        return out;
      });
      for (const [followerId, followeeId] of ended) {
        await events.emit('user.followed', { followerId, followeeId, followed: false, at });
      }
      await events.emit('user.blocked', { blockerId, blockedId, blocked: true });
      return { isBlocked: true };
    },

    async unblock(blockerId: number, blockedId: number) {
      if (blockerId === blockedId) throw badRequest(peopleMessages.cannotBlockSelf);
      await requireUser(blockedId);
      await repo.unblock(blockerId, blockedId);
      await events.emit('user.blocked', { blockerId, blockedId, blocked: false });
      return { isBlocked: false };
    },

    async blockList(blockerId: number, limit: number, offset: number) {
      const { rows, total } = await repo.blockList(blockerId, limit, offset);
      return page(
        rows.map((r) => ({
          user: {
            id: r.id,
            username: r.username,
            displayName: r.display_name,
            avatarUrl: r.avatar_url,
          },
          blockedAt: r.created_at,
        })),
        total,
        limit,
        offset,
      );
    },

    /** For other features' rules (comments on reviews): whether `blockerId` blocks `userId`. */
    blocks: (blockerId: number, userId: number) => repo.blocks(blockerId, userId),
    isFollowing: (followerId: number, followeeId: number) =>
      repo.isFollowing(followerId, followeeId),
    counts: (userId: number) => repo.counts(userId),
    followersOf: (userId: number) => repo.followersOf(userId),
    followingAmong: (viewerId: number, ids: number[]) => repo.followingAmong(viewerId, ids),
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
