import { addColumn } from './kit';
import type { AnyDb } from './kit';

/**
 * Languages (issue 31, ADR 186). `users.locale` is the language a member chose for the
 * interface and their mails (en, de, es, fr, ja, ar); null follows the browser. A registration
 * remembers the language it was made in (`pending_registrations.locale`), which the account
 * starts with, so its mails are in the language of the sign-up.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumn(db, 'users', 'locale', 'text');
  await addColumn(db, 'pending_registrations', 'locale', 'text');
}
