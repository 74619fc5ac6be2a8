import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Single sign-on with an OpenID Provider (issue 28, ADR 174).
 * - identity_links: which provider identity (issuer + subject) signs in as which member, and
 *   the provider's e-mail when it was linked; an identity links to one member at most.
 * - oidc_flows: a sign-in or link started here and not yet back from the provider: the state
 *   (its SHA-256), nonce and PKCE verifier, the browser that started it (hash of an HttpOnly
 *   cookie), and for a link the member and session it was started from. Taken on the callback.
 * - oidc_handoffs: the one-time code the callback hands the web app, exchanged (once, within a
 *   minute, from the same browser) for a session; only its SHA-256 is kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('identity_links'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('identity_links_issuer_subject_key', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('identity_links_user_idx')
    .on('identity_links')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('oidc_flows'), dialect)
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('link_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('link_session_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oidc_flows_expires_idx')
    .on('oidc_flows')
    .column('expires_at')
    .execute();

  await withId(db.schema.createTable('oidc_handoffs'), dialect)
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
