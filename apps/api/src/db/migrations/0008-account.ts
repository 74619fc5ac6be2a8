import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * One-time tokens of the account feature (docs/decisions/100-account.md): password resets and
 * email confirmations. Only a SHA-256 of the token is kept; `email` is the address a
 * confirmation token confirms (a later change of address makes it worthless); `used_at` makes
 * a token single-use.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('account_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_tokens_user_idx')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}
