import type { DialectName } from '../connection';
import { col, index, withId, type AnyDb } from './kit';

/**
 * One-time tokens of the account feature (docs/decisions/100-account.md): password resets and
 * email confirmations. Only a SHA-256 of the token is kept; `email` is the address a
 * confirmation token confirms (a later change of address makes it worthless); `used_at` makes
 * a token single-use.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('account_tokens'), dialect)
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('purpose', 'text', col.notNull)
    .addColumn('token_hash', 'text', col.notNullUnique)
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('expires_at', 'text', col.notNull)
    .addColumn('used_at', 'text')
    .execute();
  await index(db, 'account_tokens_user_idx', 'account_tokens', ['user_id', 'purpose']);
}
