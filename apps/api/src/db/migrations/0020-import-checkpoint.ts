import { addColumn } from './kit';
import type { AnyDb } from './kit';

/**
 * A running import records how far it got (issue 20): `imports.checkpoint` holds the report so
 * far and the catalogue shows already written, saved in the same transaction as each chunk of
 * writes. An import whose server was killed resumes from it on another server, writes only
 * what is left and reports everything (ADR 142). Cleared when the import finishes.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumn(db, 'imports', 'checkpoint', 'text');
}
