import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface IdempotencyRecord {
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: string;
}

/** The SQL of idempotency keys (ADR 162): claim, look up, settle, release, expire. */
export function createIdempotencyRepository(db: Kysely<Database>) {
  return {
    /** True when this request now holds the key; false when someone already did. */
    async claim(userId: number, key: string, fingerprint: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, fingerprint, status: null, body: null, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    find(userId: number, key: string): Promise<IdempotencyRecord | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status', 'body', 'created_at'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async settle(userId: number, key: string, status: number, body: string | null) {
      await db
        .updateTable('idempotency_keys')
        .set({ status, body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /** Drops a claim whose request failed (it changed nothing), so the retry runs again. */
    async release(userId: number, key: string) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status', 'is', null)
        .execute();
    },

    async expire(before: string) {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
