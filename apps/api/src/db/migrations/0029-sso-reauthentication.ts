import type { Kysely } from 'kysely';

/**
 * "Sign in again with <provider>" (issue 28, ADR 174): an OpenID flow may now confirm who holds
 * a session instead of signing in or linking. `purpose` is `reauth` for those (null: sign-in or
 * link, as before), and `return_to` the page of this site the member goes back to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oidc_flows').addColumn('purpose', 'text').execute();
  await db.schema.alterTable('oidc_flows').addColumn('return_to', 'text').execute();
}
