import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  servicesFilterQuerySchema,
  toServicesFilter,
  createListSchema,
  duplicateListSchema,
  listDetailSchema,
  listFollowStateSchema,
  listItemInputSchema,
  listItemSchema,
  listLimits,
  listSorts,
  listSummarySchema,
  pageSchema,
  reorderListSchema,
  searchLimits,
  updateListItemSchema,
  updateListSchema,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { memberErrors, idParams, ownedRoutes, toggleRoutes } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { memberWriteBudget } from '../../platform/write-budget';
import { cacheTags } from '../../platform/cache-tags';
import type { ListsService } from './lists.service';
import { duration, msg } from '../../lib/i18n/text';

export interface ListsRoutesOptions {
  lists: ListsService;
  /** Every list write of one member shares this budget (all routes, all lists). */
  writeLimit: { max: number; timeWindow: string };
}

export async function listsRoutes(app: FastifyInstance, opts: ListsRoutesOptions) {
  const { lists } = opts;
  const tags = ['lists'];
  const api = routeTable(app, { tags, errors: memberErrors, access: 'signed-in' });

  // One budget per member across every list write (all routes, all lists).
  const limited = memberWriteBudget(app, {
    name: 'lists',
    max: opts.writeLimit.max,
    timeWindow: opts.writeLimit.timeWindow,
    message: (retryAfter) => msg('lists.tooManyChanges', { wait: duration(retryAfter) }),
  });
  const write = { hooks: { preHandler: limited } };

  // Shared answers: the same for everyone (public lists only), cached until a list changes.
  const cached = {
    access: 'public',
    config: { cache: { ttlSeconds: 60, tags: () => [cacheTags.lists] } },
  } as const;
  const paging = (def: number) => ({
    limit: limitParam(def, listLimits.pageMax),
    offset: offsetParam,
  });
  // One list read by visitors: cached for anonymous requests only (their answer is the same for
  // all: a public list, isFollowing false); signed-in readers always reach the handler.
  const anonymousCached = {
    access: 'viewer',
    config: {
      cache: {
        ttlSeconds: 60,
        anonymousOnly: true,
        tags: (req: FastifyRequest) => [
          cacheTags.lists,
          cacheTags.list((req.params as { id: string }).id),
        ],
      },
    },
  } as const;
  const listPage = pageSchema(listSummarySchema);

  api.get('/lists', {
    // The viewer decides what `userId` shows (a private or blocking owner's lists: nothing,
    // ADR 150); anonymous answers stay in the shared cache.
    access: 'viewer',
    config: { cache: { ttlSeconds: 60, anonymousOnly: true, tags: () => [cacheTags.lists] } },
    summary:
      'Public lists, with item count, followers, owner and up to 4 covers (sort updated_at | created_at | item_count | followers | name)',
    query: z.object({
      ...paging(listLimits.pageDefault),
      sort: z.enum(listSorts).default('updated_at'),
      order: z.enum(['asc', 'desc']).default('desc'),
      isRanked: z.enum(['true', 'false']).optional(),
      userId: idParam.optional(),
    }),
    response: listPage,
    run: async ({ viewer, query: { isRanked, userId, ...rest } }) =>
      lists.index(viewer, {
        ...rest,
        ...(isRanked ? { isRanked: isRanked === 'true' } : {}),
        ...(userId !== undefined ? { userId } : {}),
      }),
  });
  api.get('/lists/popular', {
    ...cached,
    summary: 'Most followed public lists',
    query: z.object(paging(listLimits.pageDefault)),
    response: listPage,
    run: async ({ query }) => lists.popular(query),
  });
  api.get('/lists/recent', {
    ...cached,
    summary: 'Newest public lists',
    query: z.object(paging(listLimits.pageDefault)),
    response: listPage,
    run: async ({ query }) => lists.recent(query),
  });
  // The search page's lists search (spec §7 Search: /search/lists) is the same listing.
  for (const url of ['/lists/search', '/search/lists'])
    api.get(url, {
      ...cached,
      summary: 'Public lists whose name or description contains q',
      query: z.object({
        q: z.string().max(searchLimits.queryMax).default(''),
        ...paging(listLimits.pageDefault),
      }),
      response: listPage,
      run: async ({ query }) => lists.search(query.q, query),
    });
  api.get('/shows/:id/lists', {
    ...cached,
    summary: 'Public lists containing a show',
    params: idParams,
    query: z.object(paging(listLimits.pageDefault)),
    response: listPage,
    run: async ({ params, query }) => lists.forShow(params.id, query),
  });
  api.get('/lists/me', {
    summary:
      'Your lists, private ones included, recently updated first; with showId, each says whether that show is on it (hasShow)',
    query: z.object({ ...paging(listLimits.pageDefault), showId: idParam.optional() }),
    response: listPage,
    run: async ({ member, query: { showId, ...o } }) =>
      lists.mine(member.id, { ...o, ...(showId !== undefined ? { showId } : {}) }),
  });

  api.post('/lists', {
    ...write,
    summary:
      'Create a list and, optionally, its items in one transaction (a bad item: 400, nothing created)',
    body: createListSchema,
    status: 201,
    response: listDetailSchema,
    run: async ({ member, body }) => lists.create(member.id, body),
  });
  api.get('/lists/:id', {
    ...anonymousCached,
    summary: 'One list (404 for a private list of someone else)',
    params: idParams,
    response: listDetailSchema,
    run: async ({ viewer, params }) => lists.get(viewer, params.id),
  });
  ownedRoutes(app, {
    url: '/lists/:id',
    tags,
    preHandler: limited,
    update: {
      summary: 'Change name, description, visibility or ranking (owner only)',
      body: updateListSchema,
      response: listDetailSchema,
      run: (member, id, change) => lists.update(member.id, id, change),
    },
    remove: {
      summary: 'Delete a list with its items (owner only)',
      run: (member, id) => lists.remove(member.id, id),
    },
  });

  api.get('/lists/:id/items', {
    ...anonymousCached,
    summary:
      'A page of the items: by rank on ranked lists, newest first otherwise; no cap on list size',
    params: idParams,
    query: z.object({
      limit: limitParam(listLimits.itemsPageDefault, listLimits.itemsPageMax),
      offset: offsetParam,
      ...servicesFilterQuerySchema.shape,
    }),
    response: pageSchema(listItemSchema),
    run: async ({ viewer, params, query }) =>
      lists.items(viewer, params.id, { ...query, services: toServicesFilter(query) }),
  });
  api.post('/lists/:id/items', {
    access: 'owner',
    ...write,
    summary: 'Add a show at a position (1 = first) or, without one, at the end (409 if on it)',
    params: idParams,
    body: listItemInputSchema,
    status: 201,
    response: listItemSchema,
    run: async ({ member, params, body }) => lists.addItem(member.id, params.id, body),
  });
  const itemParams = z.object({ id: idParam, itemId: idParam });
  api.put('/lists/:id/items/:itemId', {
    access: 'owner',
    ...write,
    summary: 'Change an item’s notes (≤ 1,000 characters) or its position (ranked lists)',
    params: itemParams,
    body: updateListItemSchema,
    response: listItemSchema,
    run: async ({ member, params, body }) =>
      lists.updateItem(member.id, params.id, params.itemId, body),
  });
  api.delete('/lists/:id/items/:itemId', {
    access: 'owner',
    ...write,
    summary: 'Remove an item (the ones after it move up)',
    params: itemParams,
    status: 204,
    run: async ({ member, params }) => lists.removeItem(member.id, params.id, params.itemId),
  });

  const showParams = z.object({ id: idParam, showId: idParam });
  api.get('/lists/:id/shows/:showId', {
    access: 'viewer',
    summary: 'The item for a show on the list; 404 means it is not on it',
    params: showParams,
    response: listItemSchema,
    run: async ({ viewer, params }) => lists.itemForShow(viewer, params.id, params.showId),
  });
  api.delete('/lists/:id/shows/:showId', {
    access: 'owner',
    ...write,
    summary: 'Remove a show from the list (404 when it is not on it)',
    params: showParams,
    status: 204,
    run: async ({ member, params }) => lists.removeShow(member.id, params.id, params.showId),
  });
  api.put('/lists/:id/reorder', {
    access: 'owner',
    ...write,
    summary:
      'New ranking of a ranked list: itemIds names every item exactly once (else 400); positions become 1..n',
    params: idParams,
    body: reorderListSchema,
    status: 204,
    run: async ({ member, params, body }) => lists.reorder(member.id, params.id, body.itemIds),
  });

  toggleRoutes(app, {
    url: '/lists/:id/follow',
    tags,
    summaries: {
      on: 'Follow a list you can see (idempotent; not your own)',
      off: 'Stop following a list (idempotent)',
    },
    response: listFollowStateSchema,
    preHandler: limited,
    set: (member, id, following) =>
      following ? lists.follow(member.id, id) : lists.unfollow(member.id, id),
  });

  api.post('/lists/:id/duplicate', {
    ...write,
    summary:
      'Copy a list you can see, with items, positions and notes, as a new private list of yours',
    params: idParams,
    body: duplicateListSchema.default({}),
    status: 201,
    response: listDetailSchema,
    run: async ({ member, params, body }) => lists.duplicate(member.id, params.id, body),
  });
}
