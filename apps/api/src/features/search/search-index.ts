import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { searchTextFor } from './normalize';

type Tx = Kysely<Database> | Transaction<Database>;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Recomputes what search and ranking derive from a show's catalogue data: its search text
 * (all titles, normalised) and its catalogue popularity. Call after writing shows.
 *
 * Catalogue popularity is what "popular" means before the community has any activity: the
 * TVmaze rating (×10), plus 15 for a poster, 5 for a synopsis and 10 while the show is airing,
 * so well-documented, well-rated, current shows come first.
 */
export async function refreshDerivedShowData(db: Tx, showIds: number[]): Promise<void> {
  for (const ids of chunks(showIds, 500)) {
    await db
      .updateTable('shows')
      .set({
        popularity: sql<number>`coalesce(rating, 0) * 10
          + case when poster_url is not null then 15 else 0 end
          + case when synopsis is not null then 5 else 0 end
          + case when status = 'airing' then 10 else 0 end`,
      })
      .where('id', 'in', ids)
      .execute();

    const shows = await db
      .selectFrom('shows')
      .select(['id', 'title', 'title_english', 'title_original'])
      .where('id', 'in', ids)
      .execute();
    const alternatives = await db
      .selectFrom('show_titles')
      .select(['show_id', 'title'])
      .where('show_id', 'in', ids)
      .execute();
    const altByShow = new Map<number, string[]>();
    for (const a of alternatives)
      altByShow.set(a.show_id, [...(altByShow.get(a.show_id) ?? []), a.title]);

    const rows = shows.map((s) => ({
      show_id: s.id,
      text: searchTextFor([
        s.title,
        s.title_english,
        s.title_original,
        ...(altByShow.get(s.id) ?? []),
      ]),
    }));
    if (rows.length) {
      await db
        .insertInto('show_search')
        .values(rows)
        .onConflict((oc) =>
          oc.column('show_id').doUpdateSet({ text: (eb) => eb.ref('excluded.text') }),
        )
        .execute();
    }
  }
}

/** Shows that have no search row yet (a database imported before search existed). */
export async function indexMissingShows(db: Tx): Promise<number> {
  const missing = await db
    .selectFrom('shows')
    .leftJoin('show_search', 'show_search.show_id', 'shows.id')
    .select('shows.id')
    .where('show_search.show_id', 'is', null)
    .execute();
  await refreshDerivedShowData(
    db,
    missing.map((m) => m.id),
  );
  return missing.length;
}
