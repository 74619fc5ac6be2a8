import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Registrations waiting for their address to be confirmed (issue 21, ADR 152). Registering
 * creates no member: it leaves this row and mails a link; the link's token (only its SHA-256
 * is kept) turns the row into an account. A registration with an address that already has an
 * account leaves a row too, whose token is never mailed, so both cases reserve the username
 * alike and answer alike. One row per address (a new registration replaces it); rows expire.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('pending_registrations'), dialect)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_registrations_username_idx')
    .on('pending_registrations')
    .column('username_lower')
    .execute();
  await db.schema
    .createIndex('pending_registrations_expires_idx')
    .on('pending_registrations')
    .column('expires_at')
    .execute();
}
