import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, idempotency, idempotencyMessages } from '@series-tracker/contracts';
import { AppError } from '../lib/errors';
import { addDays, nowIso } from '../lib/time';
import type { IdempotencyRepository } from './idempotency.repository';

/** How long a key is remembered: an offline queue flushes within hours, not days. */
const KEEP_DAYS = 1;
/**
 * A claim whose request never settled (the server stopped between the write and recording its
 * answer) is let go after this long, so a queue is not stuck on it forever. Marks set state
 * (watched or not), so running one again is harmless; a Watch again could add a second play,
 * but only after a crash inside that window.
 */
const STALE_CLAIM_MS = 120_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: { userId: number; key: string; settled: boolean };
  }
}

function fingerprint(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  return createHash('sha256')
    .update(`${req.method} ${path}\n${JSON.stringify(req.body ?? null)}`)
    .digest('base64url');
}

/**
 * `Idempotency-Key` for signed-in writes (ADR 162) as route hooks: the first request with a
 * key claims it (a row, unique per member and key) before the handler writes; its 2xx answer
 * is stored, so a retry gets the same answer back and changes nothing; a failed request
 * releases the key (it changed nothing either). Concurrent duplicates: the loser gets 409
 * while the first runs. Requests without the header are untouched.
 */
export function createIdempotency(repo: IdempotencyRepository) {
  let lastExpiry = 0;

  async function preHandler(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.headers[idempotency.header];
    if (raw === undefined || !req.auth) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!idempotency.keyPattern.test(key)) {
      throw new AppError(400, errorCodes.validation, idempotencyMessages.keyInvalid, {
        [idempotency.header]: idempotencyMessages.keyInvalid,
      });
    }
    const userId = req.auth.user.id;
    const print = fingerprint(req);
    const now = nowIso();
    if (Date.parse(now) - lastExpiry > 3_600_000) {
      lastExpiry = Date.parse(now);
      await repo.expire(addDays(now, -KEEP_DAYS));
    }

    for (let attempt = 0; attempt < 2; attempt++) {
      if (await repo.claim(userId, key, print, now)) {
        req.idempotencyClaim = { userId, key, settled: false };
        return;
      }
      const record = await repo.find(userId, key);
      if (!record) continue; // released between our insert and read: claim again
      if (record.fingerprint !== print) {
        throw new AppError(409, errorCodes.conflict, idempotencyMessages.keyReused);
      }
      if (record.status === null) {
        if (Date.parse(now) - Date.parse(record.created_at) > STALE_CLAIM_MS) {
          await repo.release(userId, key);
          continue;
        }
        void reply.header('retry-after', '1');
        throw new AppError(409, errorCodes.conflict, idempotencyMessages.inProgress);
      }
      void reply.header(idempotency.replayedHeader, 'true');
      return reply
        .code(record.status)
        .send(record.body === null ? null : (JSON.parse(record.body) as unknown));
    }
    void reply.header('retry-after', '1');
    throw new AppError(409, errorCodes.conflict, idempotencyMessages.inProgress);
  }

  /** Records the answer before it is sent, so a retry right after already finds it. */
  async function preSerialization(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = req.idempotencyClaim;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      await repo.settle(claim.userId, claim.key, reply.statusCode, JSON.stringify(payload));
    } else {
      await repo.release(claim.userId, claim.key);
    }
    return payload;
  }

  /** Answers without a body, and requests that ended without one (an error, a dropped client). */
  async function onResponse(req: FastifyRequest, reply: FastifyReply) {
    const claim = req.idempotencyClaim;
    if (!claim || claim.settled) return;
    claim.settled = true;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      await repo.settle(claim.userId, claim.key, reply.statusCode, null);
    } else {
      await repo.release(claim.userId, claim.key);
    }
  }

  /** Spread into a route's options: `{ ...auth, ...idempotent.route, schema }`. */
  return { route: { preHandler, preSerialization, onResponse } };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
