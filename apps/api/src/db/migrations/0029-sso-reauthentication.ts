import { addColumn } from './kit';
import type { AnyDb } from './kit';

/**
 * "Sign in again with <provider>" (issue 28, ADR 174): an OpenID flow may now confirm who holds
 * a session instead of signing in or linking. `purpose` is `reauth` for those (null: sign-in or
 * link, as before), and `return_to` the page of this site the member goes back to.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumn(db, 'oidc_flows', 'purpose', 'text');
  await addColumn(db, 'oidc_flows', 'return_to', 'text');
}
