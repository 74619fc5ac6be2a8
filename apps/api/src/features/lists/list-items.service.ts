import {
  errorCodes,
  listMessages,
  type ListItem,
  type ListItemInput,
  type Page,
  type ServicesFilter,
  type UpdateListItem,
} from '@series-tracker/contracts';
import type { Transaction } from 'kysely';
import type { Database, ListItemRow } from '../../db/types';
import { conflict, notFound } from '../../lib/errors';
import type { Viewer } from '../../platform/policy';
import { page } from '../shows/shows.service';
import { invalid, type ListAccess } from './list-access';
import { toListItem } from './lists.mapper';
import type { ListsRepository } from './lists.repository';

export interface PageOptions {
  limit: number;
  offset: number;
}

/** A list's items (issue 10): reads, adds, notes, positions, removals, the ranking. */
export function createListItemsService({
  repo,
  access: { readable, write },
}: {
  repo: ListsRepository;
  access: ListAccess;
}) {
  async function itemOut(listId: number, ranked: boolean, itemId: number): Promise<ListItem> {
    const [row] = await repo.itemsWithShow(listId, ranked, 1, 0, { itemId });
    if (!row) throw notFound(listMessages.itemNotFound);
    return toListItem(row, ranked);
  }

  /** Takes an item out; the ones after it move up. */
  async function drop(trx: Transaction<Database>, listId: number, item: ListItemRow) {
    await repo.deleteItem(trx, item.id);
    await repo.shiftFrom(trx, listId, item.position + 1, -1);
  }

  return {
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
        await drop(trx, id, item);
      });
    },

    async removeShow(userId: number, id: number, showId: number): Promise<void> {
      await write(userId, id, 'items', async (trx) => {
        const item = await repo.itemForShow(trx, id, showId);
        if (!item) throw notFound(listMessages.showNotOnList);
        await drop(trx, id, item);
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
  };
}
