import {
  listMessages,
  peopleMessages,
  type CreateList,
  type DuplicateList,
  type ListDetail,
  type ListFollowState,
  type ListItemInput,
  type ListSort,
  type ListSummary,
  type Page,
  type UpdateList,
} from '@series-tracker/contracts';
import type { ListRow } from '../../db/types';
import { forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, visible, type Viewer } from '../../platform/policy';
import { page } from '../shows/shows.service';
import { toListDetail, toListSummary } from './lists.mapper';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ListOrder, ListsRepository } from './lists.repository';
import { asResource, createListAccess, invalid } from './list-access';
import { createListItemsService, type PageOptions } from './list-items.service';

export interface ListsServiceOptions {
  repo: ListsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** Publishes list.created / updated / deleted / followed after commit. */
  events: EventBus;
  /** People (ADR 090/151): whether `ownerId` blocks `userId` (no following or copying their lists). */
  blocks?: (ownerId: number, userId: number) => Promise<boolean>;
}

export type { PageOptions } from './list-items.service';

const sortColumn: Record<ListSort, ListOrder> = {
  updated_at: 'updated_at',
  created_at: 'created_at',
  item_count: 'item_count',
  followers: 'followers',
  name: 'name',
};

/**
 * Community lists (issue 10, ADR 080). Who sees which list is the policy's call (platform/
 * policy.ts): `authorize` for one list, `visible.published` for every listing. Community
 * listings (index, popular, recent, search, a show's lists) are one answer for everybody and
 * are cached, so they apply the anonymous view: public lists only, the owner's private ones
 * included nowhere but /lists/me and their own profile.
 */
export function createListsService({ repo, uow, events, blocks }: ListsServiceOptions) {
  /** A member the owner blocks may read a public list, not follow or copy it (ADR 151). */
  async function refuseBlocked(list: ListRow, userId: number) {
    if (list.user_id !== userId && (await blocks?.(list.user_id, userId)))
      throw forbidden(peopleMessages.blockedList);
  }

  const access = createListAccess({ repo, uow, events });
  const { readable, write } = access;

  /** What anyone may see: the shared, cacheable view. */
  const community = visible.published(null, 'l.user_id', 'l.is_public');

  const toPage = (
    r: { rows: Parameters<typeof toListSummary>[0][]; total: number },
    o: PageOptions,
  ): Page<ListSummary> => page(r.rows.map(toListSummary), r.total, o.limit, o.offset);

  /** Items in their final order: those with a position by it, the rest after, as given. */
  function ordered(items: ListItemInput[]) {
    return items
      .map((it, i) => ({ it, i, key: it.position ?? Number.POSITIVE_INFINITY }))
      .sort((a, b) => a.key - b.key || a.i - b.i)
      .map(({ it }) => ({ showId: it.showId, notes: it.notes ? it.notes : null }));
  }

  async function setFollowing(
    userId: number,
    id: number,
    following: boolean,
  ): Promise<ListFollowState> {
    const list = await readable({ id: userId }, id);
    if (following) {
      if (list.user_id === userId) throw invalid('listId', listMessages.ownList);
      await refuseBlocked(list, userId);
    }
    const { changed, count } = await uow.run((trx) =>
      repo.setFollow(trx, id, userId, following, nowIso()),
    );
    if (changed)
      await events.emit('list.followed', {
        listId: id,
        userId,
        ownerId: list.user_id,
        followed: following,
      });
    return { isFollowing: following, followersCount: count };
  }

  async function getList(viewer: Viewer, id: number): Promise<ListDetail> {
    const row = await repo.summary(id, viewer?.id ?? null);
    authorize(viewer, 'read', row && asResource(row), listMessages.listNotFound);
    return toListDetail(row!);
  }

  return {
    // A list's items: their own service over the same access rule.
    ...createListItemsService({ repo, access }),

    /** GET /lists: public lists, filtered and sorted. */
    async index(
      viewer: Viewer,
      o: PageOptions & {
        sort: ListSort;
        order: 'asc' | 'desc';
        isRanked?: boolean;
        userId?: number;
      },
    ) {
      return toPage(
        await repo.page({
          // One member's lists: only when their profile's tabs would show them.
          where:
            o.userId !== undefined
              ? [community, visible.memberDetails(viewer, 'l.user_id')]
              : community,
          sort: sortColumn[o.sort],
          order: o.order,
          limit: o.limit,
          offset: o.offset,
          ...(o.isRanked !== undefined ? { isRanked: o.isRanked } : {}),
          ...(o.userId !== undefined ? { userId: o.userId } : {}),
        }),
        o,
      );
    },

    /** Most followed public lists (then the biggest). */
    async popular(o: PageOptions) {
      return toPage(
        await repo.page({ where: community, sort: 'followers', order: 'desc', ...o }),
        o,
      );
    },

    /** Newest public lists. */
    async recent(o: PageOptions) {
      return toPage(
        await repo.page({ where: community, sort: 'created_at', order: 'desc', ...o }),
        o,
      );
    },

    /** Public lists whose name or description contains `q` (case-insensitive). */
    async search(q: string, o: PageOptions) {
      const text = q.trim().toLowerCase();
      if (!text) return page<ListSummary>([], 0, o.limit, o.offset);
      return toPage(
        await repo.page({ where: community, text, sort: 'followers', order: 'desc', ...o }),
        o,
      );
    },

    /** Public lists containing a show. */
    async forShow(showId: number, o: PageOptions) {
      const shows = await repo.existingShows(repo.db, [showId]);
      if (!shows.has(showId)) throw notFound(listMessages.showNotFound);
      return toPage(
        await repo.page({ where: community, showId, sort: 'followers', order: 'desc', ...o }),
        o,
      );
    },

    /**
     * The signed-in user's own lists, private and hidden ones included, removed ones not;
     * `showId` adds `hasShow`.
     */
    async mine(userId: number, o: PageOptions & { showId?: number }) {
      return toPage(
        await repo.page({
          where: visible.ownPublished({ id: userId }, 'l.user_id'),
          sort: 'updated_at',
          order: 'desc',
          limit: o.limit,
          offset: o.offset,
          ...(o.showId !== undefined ? { hasShowId: o.showId } : {}),
        }),
        o,
      );
    },

    /**
     * A member's lists as `viewer` may see them (profile pages): public ones, plus private ones
     * when the viewer is that member. Same shape as the index.
     */
    async listByOwner(viewer: Viewer, userId: number, o: PageOptions) {
      return toPage(
        await repo.page({
          where: visible.published(viewer, 'l.user_id', 'l.is_public'),
          userId,
          sort: 'updated_at',
          order: 'desc',
          limit: o.limit,
          offset: o.offset,
        }),
        o,
      );
    },

    get: getList,

    /**
     * The list and its items in one transaction: an unknown show or a show named twice is a
     * 400 and nothing is created.
     */
    async create(
      userId: number,
      input: CreateList,
      // imports: a list from another tracker keeps its own date and is flagged as imported.
      origin: { at?: string | null; imported?: boolean } = {},
    ): Promise<ListDetail> {
      const now = origin.at ?? nowIso();
      // Errors name the item as sent (items.N), before any reordering by position.
      const sent = input.items ?? [];
      const seen = new Map<number, number>();
      sent.forEach((it, i) => {
        if (seen.has(it.showId)) throw invalid(`items.${i}.showId`, listMessages.duplicateShows);
        seen.set(it.showId, i);
      });
      const items = ordered(sent);
      const id = await uow.run(async (trx) => {
        const exists = await repo.existingShows(trx, [...seen.keys()]);
        for (const [showId, i] of seen)
          if (!exists.has(showId)) throw invalid(`items.${i}.showId`, listMessages.showNotFound);
        const listId = await repo.insertList(trx, {
          user_id: userId,
          name: input.name,
          description: input.description ? input.description : null,
          is_public: input.isPublic ? 1 : 0,
          is_ranked: input.isRanked ? 1 : 0,
          now,
        });
        if (items.length) {
          await repo.insertItems(trx, listId, items, 1, now);
          await repo.recount(trx, listId, now);
        }
        return listId;
      });
      const detail = await getList({ id: userId }, id);
      await events.emit('list.created', {
        listId: id,
        userId,
        name: detail.name,
        isPublic: detail.isPublic,
        at: now,
        showIds: items.map((i) => i.showId),
        ...(origin.imported ? { imported: true } : {}),
      });
      return detail;
    },

    async update(userId: number, id: number, input: UpdateList): Promise<ListDetail> {
      const visibility = input.isPublic !== undefined;
      await write(userId, id, visibility ? 'visibility' : 'details', async (trx, list, now) => {
        await repo.updateList(trx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description || null } : {}),
          ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
          ...(input.isRanked !== undefined ? { is_ranked: input.isRanked ? 1 : 0 } : {}),
          updated_at: now,
        });
        void list;
      });
      return getList({ id: userId }, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      await uow.run(async (trx) => {
        const list = await repo.lock(trx, id);
        authorize({ id: userId }, 'delete', list && asResource(list), listMessages.listNotFound);
        await repo.deleteList(trx, id);
      });
      await events.emit('list.deleted', { listId: id, userId });
    },

    /** Follows a list the member can see (not their own, not a blocking owner's); idempotent. */
    follow: (userId: number, id: number) => setFollowing(userId, id, true),
    /** Stops following a list; idempotent. */
    unfollow: (userId: number, id: number) => setFollowing(userId, id, false),

    /** A private copy, with items, positions and notes, of a list the viewer can see. */
    async duplicate(userId: number, id: number, input: DuplicateList): Promise<ListDetail> {
      const source = await readable({ id: userId }, id);
      await refuseBlocked(source, userId);
      const now = nowIso();
      const name = input.name ?? source.name;
      const newId = await uow.run(async (trx) => {
        const listId = await repo.insertList(trx, {
          user_id: userId,
          name,
          description: source.description,
          is_public: 0,
          is_ranked: source.is_ranked,
          now,
        });
        await repo.copyItems(trx, id, listId);
        await repo.recount(trx, listId, now);
        return listId;
      });
      await events.emit('list.created', {
        listId: newId,
        userId,
        name,
        isPublic: false,
        at: now,
      });
      return getList({ id: userId }, newId);
    },

    /** Platform figures: public lists, and public lists created since `since`. */
    async counts(since: string) {
      return repo.counts(community, since);
    },

    /** Account erasure step (platform/erasure.ts). */
    erase: (trx: Parameters<ListsRepository['eraseUser']>[0], userId: number) =>
      repo.eraseUser(trx, userId),
  };
}

export type ListsService = ReturnType<typeof createListsService>;
