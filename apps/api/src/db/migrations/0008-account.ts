import { col, expiring, index, memberTable } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * One-time tokens of the account feature (docs/decisions/100-account.md): password resets and
 * email confirmations. Only a SHA-256 of the token is kept; `email` is the address a
 * confirmation token confirms (a later change of address makes it worthless); `used_at` makes
 * a token single-use.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'account_tokens')
    .addColumn('purpose', 'text', col.notNull)
    .addColumn('token_hash', 'text', col.notNullUnique)
    .addColumn('email', 'text')
    .$call(expiring)
    .addColumn('used_at', 'text')
    .execute();
  await index(db, 'account_tokens_user_idx', 'account_tokens', ['user_id', 'purpose']);
}
