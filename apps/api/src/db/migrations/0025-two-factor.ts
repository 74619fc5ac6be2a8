import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('site_setup')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();
  const someone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (someone)
    await db
      .insertInto('site_setup')
      .values({ id: 1, claimed_at: new Date().toISOString() })
      .execute();

  await db.schema.alterTable('sessions').addColumn('verified_at', 'text').execute();

  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('backup_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backup_codes_user_idx')
    .on('backup_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await withId(db.schema.createTable('passkeys'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await withId(db.schema.createTable('auth_challenges'), dialect)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('challenge', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_challenges_expires_idx')
    .on('auth_challenges')
    .column('expires_at')
    .execute();
}
