import type { Kysely } from 'kysely';

/**
 * A running import records how far it got (issue 20): `imports.checkpoint` holds the report so
 * far and the catalogue shows already written, saved in the same transaction as each chunk of
 * writes. An import whose server was killed resumes from it on another server, writes only
 * what is left and reports everything (ADR 142). Cleared when the import finishes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('checkpoint', 'text').execute();
}
