import { col, expiring, index, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Registrations waiting for their address to be confirmed (issue 21, ADR 152). Registering
 * creates no member: it leaves this row and mails a link; the link's token (only its SHA-256
 * is kept) turns the row into an account. A registration with an address that already has an
 * account leaves a row too, whose token is never mailed, so both cases reserve the username
 * alike and answer alike. One row per address (a new registration replaces it); rows expire.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('pending_registrations'), dialect)
    .addColumn('username', 'text', col.notNull)
    .addColumn('username_lower', 'text', col.notNull)
    .addColumn('email', 'text', col.notNull)
    .addColumn('email_lower', 'text', col.notNullUnique)
    .addColumn('display_name', 'text')
    .addColumn('password_hash', 'text', col.notNull)
    .addColumn('token_hash', 'text', col.notNullUnique)
    .$call(expiring)
    .execute();
  await index(db, 'pending_registrations_username_idx', 'pending_registrations', 'username_lower');
  await index(db, 'pending_registrations_expires_idx', 'pending_registrations', 'expires_at');
}
