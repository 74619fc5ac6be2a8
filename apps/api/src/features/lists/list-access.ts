import type { Transaction } from 'kysely';
import { errorCodes, listMessages } from '@series-tracker/contracts';
import type { Database, ListRow } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, moderationOf, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ListsRepository } from './lists.repository';
import type { Text } from '../../lib/i18n/text';

export const invalid = (field: string, message: Text) =>
  new AppError(400, errorCodes.validation, message, { [field]: message });

export const asResource = (l: ListRow) => ({
  kind: 'list' as const,
  ownerId: l.user_id,
  isPublic: Boolean(l.is_public),
  ...moderationOf(l),
});

/** Reading and writing one list under the policy: what the lists and list items services share. */
export function createListAccess({
  repo,
  uow,
  events,
}: {
  repo: ListsRepository;
  uow: UnitOfWork;
  events: EventBus;
}) {
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

  return { readable, write, payload };
}

export type ListAccess = ReturnType<typeof createListAccess>;
