import { index } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Season ratings on the show page (issue 29, ADR 180): the community's average per season is
 * counted from `season_ratings` by show, so it needs an index that starts with the show (the
 * existing unique index starts with the member).
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await index(db, 'season_ratings_show_season_idx', 'season_ratings', [
    'show_id',
    'season_number',
    'rating',
  ]);
}
