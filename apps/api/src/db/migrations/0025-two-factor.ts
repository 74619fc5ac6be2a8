import { addColumn, col, expiring, index, memberTable, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * First run and two-factor sign-in (issue 28, ADR 173).
 * - `site_setup`: one row (id 1) once the site has its first administrator. The first
 *   registration inserts it in the same transaction as the account; a second one at the
 *   same moment hits the primary key and falls back to the mailed flow (race-safe on both
 *   databases). A site upgraded with accounts gets the row here.
 * - `sessions.verified_at`: when the session last proved who holds it (password, second
 *   factor, passkey, re-entered password): sensitive actions need it within 15 minutes.
 * - `totp_credentials`: one authenticator app per member; `confirmed_at` null while enrolling;
 *   `last_step` is the last 30-second step accepted (a code is never accepted twice).
 * - `backup_codes`: SHA-256 of the 10 single-use codes; `used_at` once spent.
 * - `passkeys`: WebAuthn credentials (public key, signature counter, transports, a name).
 * - `auth_challenges`: short-lived server state of a sign-in waiting for its second factor
 *   and of WebAuthn ceremonies (the challenge), behind a hashed token.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('site_setup')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', col.notNull)
    .execute();
  const someone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (someone)
    await db
      .insertInto('site_setup')
      .values({ id: 1, claimed_at: new Date().toISOString() })
      .execute();

  await addColumn(db, 'sessions', 'verified_at', 'text');

  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'integer', col.primaryRef('users.id'))
    .addColumn('secret', 'text', col.notNull)
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', col.notNull)
    .execute();

  await memberTable(db, dialect, 'backup_codes')
    .addColumn('code_hash', 'text', col.notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .execute();
  await index(db, 'backup_codes_user_idx', 'backup_codes', ['user_id', 'code_hash']);

  await memberTable(db, dialect, 'passkeys')
    .addColumn('credential_id', 'text', col.notNullUnique)
    .addColumn('public_key', 'text', col.notNull)
    .addColumn('counter', 'integer', col.notNullDefault(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('last_used_at', 'text')
    .execute();
  await index(db, 'passkeys_user_idx', 'passkeys', 'user_id');

  await withId(db.schema.createTable('auth_challenges'), dialect)
    .addColumn('token_hash', 'text', col.notNullUnique)
    .addColumn('purpose', 'text', col.notNull)
    .addColumn('user_id', 'integer', col.nullableRef('users.id'))
    .addColumn('challenge', 'text')
    .addColumn('user_agent', 'text')
    .$call(expiring)
    .execute();
  await index(db, 'auth_challenges_expires_idx', 'auth_challenges', 'expires_at');
}
