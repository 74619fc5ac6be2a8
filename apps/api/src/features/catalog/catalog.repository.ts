import { catalogueRows, type Tx } from '../../db/catalogue-rows';

/** The snapshot import's reads, and the catalogue row writes it shares (db/catalogue-rows.ts). */
export function createCatalogRepository(db: Tx) {
  return {
    async countShows(): Promise<number> {
      const row = await db
        .selectFrom('shows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async showHashes(): Promise<Map<string, { id: number; hash: string }>> {
      const rows = await db
        .selectFrom('shows')
        .select(['id', 'source_id', 'source_hash'])
        .execute();
      return new Map(rows.map((r) => [r.source_id, { id: r.id, hash: r.source_hash }]));
    },

    async episodeHashes(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('episodes').select(['source_id', 'source_hash']).execute();
      return new Map(rows.map((r) => [r.source_id, r.source_hash]));
    },

    ...catalogueRows(db),
  };
}
