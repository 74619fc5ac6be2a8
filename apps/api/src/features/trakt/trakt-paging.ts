import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Trakt's `page` / `limit` query (1-based pages, 10 items by default). */
export const traktPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
export type TraktPage = z.infer<typeof traktPageQuery>;

export const pageOffset = (p: TraktPage) => (p.page - 1) * p.limit;

/** Trakt's pagination headers on a paged answer. */
export function setPagination(reply: FastifyReply, p: TraktPage, total: number): void {
  void reply.headers({
    'x-pagination-page': String(p.page),
    'x-pagination-limit': String(p.limit),
    'x-pagination-page-count': String(Math.max(1, Math.ceil(total / p.limit))),
    'x-pagination-item-count': String(total),
  });
}

/** `extended=full` (Trakt also sends e.g. `full,episodes`): whether the full shape is asked. */
export const traktExtended = z.object({ extended: z.string().max(100).optional() });
export const wantsFull = (extended: string | undefined): boolean =>
  (extended ?? '').split(',').includes('full');
