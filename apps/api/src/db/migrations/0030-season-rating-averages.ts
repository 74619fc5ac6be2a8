import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';

/**
 * Season ratings on the show page (issue 29, ADR 180): the community's average per season is
 * counted from `season_ratings` by show, so it needs an index that starts with the show (the
 * existing unique index starts with the member).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex('season_ratings_show_season_idx')
    .on('season_ratings')
    .columns(['show_id', 'season_number', 'rating'])
    .execute();
}
