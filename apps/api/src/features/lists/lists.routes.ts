import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import {
  memberErrors,
  idParams,
  noContentRoute,
  ownedRoutes,
  toggleRoutes,
  viewerOf,
} from '../../lib/route-kit';
import { memberWriteBudget } from '../../platform/write-budget';
import { cacheTags } from '../../platform/cache-tags';
import type { ListsService } from './lists.service';

export const listWriteLimitMessage =
  'Too many changes to lists. Please wait a moment and try again.';

export interface ListsRoutesOptions {
  lists: ListsService;
  /** Every list write of one member shares this budget (all routes, all lists). */
  writeLimit: { max: number; timeWindow: string };
}

export async function listsRoutes(app: FastifyInstance, opts: ListsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { lists } = opts;
  const tags = ['lists'];
  const me = (req: FastifyRequest) => req.auth!.user.id;

  // One budget per member across every list write (all routes, all lists).
  const limited = memberWriteBudget(app, {
    name: 'lists',
    max: opts.writeLimit.max,
    timeWindow: opts.writeLimit.timeWindow,
    message: (retryAfter) => `${listWriteLimitMessage} (retry after ${retryAfter} s)`,
  });
  const write = (access: 'signed-in' | 'owner') => ({
    config: { access },
    preHandler: limited,
  });

  // Shared answers: the same for everyone (public lists only), cached until a list changes.
  const cached = {
    config: {
      access: 'public' as const,
      cache: { ttlSeconds: 60, tags: () => [cacheTags.lists] },
    },
  };
  const paging = (def: number) => ({
    limit: limitParam(def, listLimits.pageMax),
    offset: offsetParam,
  });
  // One list read by visitors: cached for anonymous requests only (their answer is the same for
  // all: a public list, isFollowing false); signed-in readers always reach the handler.
  const anonymousCached = {
    config: {
      access: 'viewer' as const,
      cache: {
        ttlSeconds: 60,
        anonymousOnly: true,
        tags: (req: FastifyRequest) => [
          cacheTags.lists,
          cacheTags.list((req.params as { id: string }).id),
        ],
      },
    },
  };
  const listPage = { 200: pageSchema(listSummarySchema), ...memberErrors };
  const listParams = idParams;

  r.get(
    '/lists',
    {
      // The viewer decides what `userId` shows (a private or blocking owner's lists: nothing,
      // ADR 150); anonymous answers stay in the shared cache.
      config: {
        access: 'viewer',
        cache: { ttlSeconds: 60, anonymousOnly: true, tags: () => [cacheTags.lists] },
      },
      schema: {
        tags,
        summary:
          'Public lists, with item count, followers, owner and up to 4 covers (sort updated_at | created_at | item_count | followers | name)',
        querystring: z.object({
          ...paging(listLimits.pageDefault),
          sort: z.enum(listSorts).default('updated_at'),
          order: z.enum(['asc', 'desc']).default('desc'),
          isRanked: z.enum(['true', 'false']).optional(),
          userId: idParam.optional(),
        }),
        response: listPage,
      },
    },
    async (req) => {
      const { isRanked, userId, ...rest } = req.query;
      return lists.index(viewerOf(req), {
        ...rest,
        ...(isRanked ? { isRanked: isRanked === 'true' } : {}),
        ...(userId !== undefined ? { userId } : {}),
      });
    },
  );

  r.get(
    '/lists/popular',
    {
      ...cached,
      schema: {
        tags,
        summary: 'Most followed public lists',
        querystring: z.object(paging(listLimits.pageDefault)),
        response: listPage,
      },
    },
    async (req) => lists.popular(req.query),
  );

  r.get(
    '/lists/recent',
    {
      ...cached,
      schema: {
        tags,
        summary: 'Newest public lists',
        querystring: z.object(paging(listLimits.pageDefault)),
        response: listPage,
      },
    },
    async (req) => lists.recent(req.query),
  );

  // The search page's lists search (spec §7 Search: /search/lists) is the same listing.
  for (const url of ['/lists/search', '/search/lists'])
    r.get(
      url,
      {
        ...cached,
        schema: {
          tags,
          summary: 'Public lists whose name or description contains q',
          querystring: z.object({
            q: z.string().max(searchLimits.queryMax).default(''),
            ...paging(listLimits.pageDefault),
          }),
          response: listPage,
        },
      },
      async (req) => lists.search(req.query.q, req.query),
    );

  r.get(
    '/shows/:id/lists',
    {
      ...cached,
      schema: {
        tags,
        summary: 'Public lists containing a show',
        params: z.object({ id: idParam }),
        querystring: z.object(paging(listLimits.pageDefault)),
        response: listPage,
      },
    },
    async (req) => lists.forShow(req.params.id, req.query),
  );

  r.get(
    '/lists/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Your lists, private ones included, recently updated first; with showId, each says whether that show is on it (hasShow)',
        querystring: z.object({ ...paging(listLimits.pageDefault), showId: idParam.optional() }),
        response: listPage,
      },
    },
    async (req) => {
      const { showId, ...o } = req.query;
      return lists.mine(me(req), { ...o, ...(showId !== undefined ? { showId } : {}) });
    },
  );

  r.post(
    '/lists',
    {
      ...write('signed-in'),
      schema: {
        tags,
        summary:
          'Create a list and, optionally, its items in one transaction (a bad item: 400, nothing created)',
        body: createListSchema,
        response: { 201: listDetailSchema, ...memberErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await lists.create(me(req), req.body)),
  );

  r.get(
    '/lists/:id',
    {
      ...anonymousCached,
      schema: {
        tags,
        summary: 'One list (404 for a private list of someone else)',
        params: listParams,
        response: { 200: listDetailSchema, ...memberErrors },
      },
    },
    async (req) => lists.get(viewerOf(req), req.params.id),
  );

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

  r.get(
    '/lists/:id/items',
    {
      ...anonymousCached,
      schema: {
        tags,
        summary:
          'A page of the items: by rank on ranked lists, newest first otherwise; no cap on list size',
        params: listParams,
        querystring: z.object({
          limit: limitParam(listLimits.itemsPageDefault, listLimits.itemsPageMax),
          offset: offsetParam,
          ...servicesFilterQuerySchema.shape,
        }),
        response: { 200: pageSchema(listItemSchema), ...memberErrors },
      },
    },
    async (req) =>
      lists.items(viewerOf(req), req.params.id, {
        ...req.query,
        services: toServicesFilter(req.query),
      }),
  );

  r.post(
    '/lists/:id/items',
    {
      ...write('owner'),
      schema: {
        tags,
        summary: 'Add a show at a position (1 = first) or, without one, at the end (409 if on it)',
        params: listParams,
        body: listItemInputSchema,
        response: { 201: listItemSchema, ...memberErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lists.addItem(me(req), req.params.id, req.body)),
  );

  const itemParams = z.object({ id: idParam, itemId: idParam });
  r.put(
    '/lists/:id/items/:itemId',
    {
      ...write('owner'),
      schema: {
        tags,
        summary: 'Change an item’s notes (≤ 1,000 characters) or its position (ranked lists)',
        params: itemParams,
        body: updateListItemSchema,
        response: { 200: listItemSchema, ...memberErrors },
      },
    },
    async (req) => lists.updateItem(me(req), req.params.id, req.params.itemId, req.body),
  );

  noContentRoute(
    app,
    {
      method: 'DELETE',
      url: '/lists/:id/items/:itemId',
      access: 'owner',
      preHandler: limited,
      tags,
      summary: 'Remove an item (the ones after it move up)',
      params: itemParams,
    },
    (member, params) => lists.removeItem(member.id, params.id, params.itemId),
  );

  const showParams = z.object({ id: idParam, showId: idParam });
  r.get(
    '/lists/:id/shows/:showId',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'The item for a show on the list; 404 means it is not on it',
        params: showParams,
        response: { 200: listItemSchema, ...memberErrors },
      },
    },
    async (req) => lists.itemForShow(viewerOf(req), req.params.id, req.params.showId),
  );

  noContentRoute(
    app,
    {
      method: 'DELETE',
      url: '/lists/:id/shows/:showId',
      access: 'owner',
      preHandler: limited,
      tags,
      summary: 'Remove a show from the list (404 when it is not on it)',
      params: showParams,
    },
    (member, params) => lists.removeShow(member.id, params.id, params.showId),
  );

  noContentRoute(
    app,
    {
      method: 'PUT',
      url: '/lists/:id/reorder',
      access: 'owner',
      preHandler: limited,
      tags,
      summary:
        'New ranking of a ranked list: itemIds names every item exactly once (else 400); positions become 1..n',
      params: listParams,
      body: reorderListSchema,
    },
    (member, params, body) => lists.reorder(member.id, params.id, body.itemIds),
  );

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

  r.post(
    '/lists/:id/duplicate',
    {
      ...write('signed-in'),
      schema: {
        tags,
        summary:
          'Copy a list you can see, with items, positions and notes, as a new private list of yours',
        params: listParams,
        body: duplicateListSchema.default({}),
        response: { 201: listDetailSchema, ...memberErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lists.duplicate(me(req), req.params.id, req.body)),
  );
}
