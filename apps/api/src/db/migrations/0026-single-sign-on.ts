import { col, expiring, index, memberTable, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

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
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'identity_links')
    .addColumn('issuer', 'text', col.notNull)
    .addColumn('subject', 'text', col.notNull)
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addUniqueConstraint('identity_links_issuer_subject_key', ['issuer', 'subject'])
    .execute();
  await index(db, 'identity_links_user_idx', 'identity_links', 'user_id');

  await withId(db.schema.createTable('oidc_flows'), dialect)
    .addColumn('state_hash', 'text', col.notNullUnique)
    .addColumn('browser_hash', 'text', col.notNull)
    .addColumn('nonce', 'text', col.notNull)
    .addColumn('code_verifier', 'text', col.notNull)
    .addColumn('link_user_id', 'integer', col.nullableRef('users.id'))
    .addColumn('link_session_hash', 'text')
    .$call(expiring)
    .execute();
  await index(db, 'oidc_flows_expires_idx', 'oidc_flows', 'expires_at');

  await withId(db.schema.createTable('oidc_handoffs'), dialect)
    .addColumn('code_hash', 'text', col.notNullUnique)
    .addColumn('browser_hash', 'text', col.notNull)
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .$call(expiring)
    .execute();
}
