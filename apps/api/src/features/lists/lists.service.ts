import type { Transaction } from 'kysely';
import {
  errorCodes,
  listMessages,
  peopleMessages,
  type CreateList,
  type DuplicateList,
  type ListDetail,
  type ListFollowState,
  type ListItem,
  type ListItemInput,
  type ListSort,
  type ListSummary,
  type Page,
  type UpdateList,
  type UpdateListItem,
  type ServicesFilter,
} from '@series-tracker/contracts';
import type { Database, ListRow } from '../../db/types';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, moderationOf, visible, type Viewer } from '../../platform/policy';
import { page } from '../shows/shows.service';
import { toListDetail, toListItem, toListSummary } from './lists.mapper';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ListOrder, ListsRepository } from './lists.repository';

export interface ListsServiceOptions {
  repo: ListsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** Publishes list.created / updated / deleted / followed after commit. */
  events: EventBus;
  /** People (ADR 090/151): whether `ownerId` blocks `userId` (no following or copying their lists). */
  blocks?: (ownerId: number, userId: number) => Promise<boolean>;
}

export interface PageOptions {
  limit: number;
  offset: number;
}

const invalid = (field: string, message: string) =>
  new AppError(400, errorCodes.validation, message, { [field]: message });

const asResource = (l: ListRow) => ({
  kind: 'list' as const,
  ownerId: l.user_id,
  isPublic: Boolean(l.is_public),
  ...moderationOf(l),
});

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

  /** What anyone may see: the shared, cacheable view. */
  const community = visible.published(null, 'l.user_id', 'l.is_public');

  const toPage = (
    r: { rows: Parameters<typeof toListSummary>[0][]; total: number },
    o: PageOptions,
  ): Page<ListSummary> => page(r.rows.map(toListSummary), r.total, o.limit, o.offset);

  async function readable(viewer: Viewer, id: number): Promise<ListRow> {
    const list = await repo.find(repo.db, id);
    authorize(viewer, 'read', list && asResource(list), listMessages.listNotFound);
    return list!;
  }

  const payload = (
    l: Pick<ListRow, 'id' | 'user_id' | 'name' | 'is_public'> &
      Partial<Pick<ListRow, 'hidden_at' | 'removed_at'>>,
    at: string,
  ) => ({
    listId: l.id,
    userId: l.user_id,
    name: l.name,
    // Whether others may see it: a list a moderator hid is not announced (ADR 151).
    isPublic: Boolean(l.is_public) && !l.hidden_at && !l.removed_at,
    at,
  });

  /**
   * A write to one list: takes the list's lock, checks the viewer owns it (404 when they may
   * not read it, 403 when they may only read it), runs `fn`, stamps updated_at and the item
   * count, commits, then announces the change.
   */
  async function write<T>(
    userId: number,
    id: number,
    change: 'details' | 'items' | 'order' | 'visibility',
    fn: (trx: Transaction<Database>, list: ListRow, now: string) => Promise<T>,
    showIds?: number[],
  ): Promise<T> {
    const now = nowIso();
    const { result, list } = await uow.run(async (trx) => {
      const locked = await repo.lock(trx, id);
      authorize({ id: userId }, 'update', locked && asResource(locked), listMessages.listNotFound);
      const result = await fn(trx, locked!, now);
      await repo.recount(trx, id, now);
      return { result, list: (await repo.find(trx, id))! };
    });
    await events.emit('list.updated', {
      ...payload(list, now),
      change,
      ...(showIds ? { showIds } : {}),
    });
    return result;
  }

  async function itemOut(listId: number, ranked: boolean, itemId: number): Promise<ListItem> {
    const [row] = await repo.itemsWithShow(listId, ranked, 1, 0, { itemId });
    if (!row) throw notFound(listMessages.itemNotFound);
    return toListItem(row, ranked);
  }

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

    async items(
      viewer: Viewer,
      id: number,
      o: PageOptions & { services?: ServicesFilter | null },
    ): Promise<Page<ListItem>> {
      const list = await readable(viewer, id);
      const ranked = Boolean(list.is_ranked);
      const services = o.services ?? null;
      const [rows, total] = await Promise.all([
        repo.itemsWithShow(id, ranked, o.limit, o.offset, { services }),
        services ? repo.countOnServices(id, services) : list.item_count,
      ]);
      return page(
        rows.map((r) => toListItem(r, ranked)),
        total,
        o.limit,
        o.offset,
      );
    },

    /** The item for a show on a list; 404 when the show is not on it. */
    async itemForShow(viewer: Viewer, id: number, showId: number): Promise<ListItem> {
      const list = await readable(viewer, id);
      const ranked = Boolean(list.is_ranked);
      const [row] = await repo.itemsWithShow(id, ranked, 1, 0, { showId });
      if (!row) throw notFound(listMessages.showNotOnList);
      return toListItem(row, ranked);
    },

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

    /** Adds a show at `position` (1..n+1; clamped) or at the end. */
    async addItem(userId: number, id: number, input: ListItemInput): Promise<ListItem> {
      let ranked = false;
      const itemId = await write(
        userId,
        id,
        'items',
        async (trx, list, now) => {
          ranked = Boolean(list.is_ranked);
          if (!(await repo.existingShows(trx, [input.showId])).has(input.showId))
            throw notFound(listMessages.showNotFound);
          if (await repo.itemForShow(trx, id, input.showId))
            throw conflict(errorCodes.conflict, listMessages.alreadyOnList);
          const n = list.item_count;
          const at = Math.min(Math.max(input.position ?? n + 1, 1), n + 1);
          if (at <= n) await repo.shiftFrom(trx, id, at, 1);
          return repo.insertItem(trx, {
            listId: id,
            showId: input.showId,
            position: at,
            notes: input.notes ? input.notes : null,
            now,
          });
        },
        [input.showId],
      );
      return itemOut(id, ranked, itemId);
    },

    /** Notes (null or empty clears them) and/or a new position (ranked lists only). */
    async updateItem(
      userId: number,
      id: number,
      itemId: number,
      input: UpdateListItem,
    ): Promise<ListItem> {
      let ranked = false;
      await write(
        userId,
        id,
        input.position !== undefined ? 'order' : 'items',
        async (trx, list) => {
          ranked = Boolean(list.is_ranked);
          const item = await repo.item(trx, id, itemId);
          if (!item) throw notFound(listMessages.itemNotFound);
          if (input.position !== undefined) {
            if (!ranked) throw invalid('position', listMessages.notRanked);
            const to = Math.min(input.position, list.item_count);
            await repo.move(trx, id, itemId, item.position, to);
          }
          if (input.notes !== undefined) await repo.setNotes(trx, itemId, input.notes || null);
        },
      );
      return itemOut(id, ranked, itemId);
    },

    async removeItem(userId: number, id: number, itemId: number): Promise<void> {
      await write(userId, id, 'items', async (trx) => {
        const item = await repo.item(trx, id, itemId);
        if (!item) throw notFound(listMessages.itemNotFound);
        await repo.deleteItem(trx, itemId);
        await repo.shiftFrom(trx, id, item.position + 1, -1);
      });
    },

    async removeShow(userId: number, id: number, showId: number): Promise<void> {
      await write(userId, id, 'items', async (trx) => {
        const item = await repo.itemForShow(trx, id, showId);
        if (!item) throw notFound(listMessages.showNotOnList);
        await repo.deleteItem(trx, item.id);
        await repo.shiftFrom(trx, id, item.position + 1, -1);
      });
    },

    /** New ranking: `itemIds` must name every item of the list exactly once. */
    async reorder(userId: number, id: number, itemIds: number[]): Promise<void> {
      await write(userId, id, 'order', async (trx, list) => {
        if (!list.is_ranked) throw invalid('itemIds', listMessages.notRanked);
        const distinct = new Set(itemIds);
        if (
          distinct.size !== itemIds.length ||
          itemIds.length !== list.item_count ||
          (await repo.countItemsIn(trx, id, itemIds)) !== itemIds.length
        )
          throw invalid('itemIds', listMessages.reorderMismatch);
        await repo.renumber(trx, id, itemIds);
      });
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
