import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Review } from '@series-tracker/contracts';
import { registerUser } from './factories';

type Call = (token: string | null, opts: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * Community content made through the API as its author makes it (a review, a comment, a
 * report, a moderator's action), for the tests that need a world to moderate. `call` is the
 * file's request-as-a-member helper (`caller` in test/http.ts).
 */
export function communityOf(call: Call) {
  const post = (token: string, url: string, payload: object) =>
    call(token, { method: 'POST', url, payload });
  return {
    /** A public review (unless `fields` say otherwise); the write must succeed. */
    async review(token: string, showId: number, fields: Record<string, unknown> = {}) {
      const res = await post(token, '/api/reviews', {
        showId,
        title: 'Slow burn',
        content: 'A slow and careful first season.',
        rating: 8,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Review & { id: number }>();
    },
    /** A comment on a review; the write must succeed. */
    async comment(token: string, reviewId: number, content: string) {
      const res = await post(token, `/api/reviews/${reviewId}/comments`, { content });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    },
    /** Files a report; the answer is the test's to check. */
    report: (token: string, itemType: string, itemId: number, reason: string) =>
      post(token, '/api/moderation/reports', { itemType, itemId, reason }),
    /** A moderator's action on an item; the answer is the test's to check. */
    act: (token: string, itemType: string, itemId: number, body: object) =>
      post(token, `/api/moderation/items/${itemType}/${itemId}/actions`, body),
    /** A moderator suspends a member for a day (reason "x"); the answer is the test's to check. */
    suspendForADay: (token: string, userId: number) =>
      post(token, `/api/moderation/items/profile/${userId}/actions`, {
        action: 'suspend',
        reason: 'x',
        suspendDays: 1,
      }),
  };
}

/** A member made a moderator through the service (the admin CLI's grant is tested on its own). */
export async function registerModerator(app: FastifyInstance) {
  const m = await registerUser(app);
  await app.services.moderation.setRole(m.user.username, 'moderator');
  return m;
}
