import { col, index } from './kit';
import type { AnyDb } from './kit';

/**
 * Idempotency keys (issue 22, ADR 162): the web app's offline queue sends each episode mark
 * with a key of its own, so a mark retried after a lost response is applied once. One row per
 * member and key: what the request was (method, path, body hash) and, once it succeeded, its
 * status and JSON body to answer the retry with. `status` null = the first request is running.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('key', 'text', col.notNull)
    .addColumn('fingerprint', 'text', col.notNull)
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await index(db, 'idempotency_keys_created_idx', 'idempotency_keys', 'created_at');
}
