import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { useTestApp } from '../../../test/build-test-app';
import { bearer, buildShow, registerUser } from '../../../test/factories';
import { importCatalog } from '../catalog/catalog.importer';
import type { CatalogFile } from '../catalog/catalog.schema';

/*
 * Defect 12: Rick and Morty said "Episode count unknown" while its Episodes tab listed 32. The
 * bundled catalogue has no count for it (its list is partial); the count now follows the
 * episodes stored.
 */

const bundled = JSON.parse(
  gunzipSync(fs.readFileSync(path.join(repoRoot, 'data/catalog.json.gz'))).toString('utf8'),
) as CatalogFile;
const rickAndMorty = bundled.shows.find((s) => s.id === 'tvmaze:216')!;

const t = useTestApp();

const showId = async () =>
  (
    await t.db.kysely
      .selectFrom('shows')
      .select('id')
      .where('source_id', '=', 'tvmaze:216')
      .executeTakeFirstOrThrow()
  ).id;

describe("a show's episode count", () => {
  it('is the number of episodes listed when the catalogue has none (Rick and Morty: 32)', async () => {
    expect(rickAndMorty.episodeCount).toBeNull();
    const regular = rickAndMorty.episodes.filter((e) => e.type === 'regular').length;
    expect(regular).toBe(32);
    await importCatalog(t.db, { ...bundled, shows: [rickAndMorty] });
    const id = await showId();

    const detail = (await t.app.inject({ url: `/api/shows/${id}` })).json();
    const listed = (await t.app.inject({ url: `/api/episodes/show/${id}` })).json();
    expect(listed.total).toBe(32);
    expect(detail.episodes).toBe(32);
    expect(detail.seasons).toBe(detail.seasonList.length);

    // Cards and watchlist items embed the same figure.
    const u = await registerUser(t.app);
    const item = await t.app.inject({
      method: 'POST',
      url: '/api/user-content-status',
      headers: bearer(u.token),
      payload: { showId: id },
    });
    expect(item.json().show.episodes).toBe(32);
  });

  it('survives a changed catalogue record, which carries no count of its own', async () => {
    await importCatalog(t.db, {
      ...bundled,
      shows: [{ ...rickAndMorty, synopsis: `${rickAndMorty.synopsis ?? ''} (revised)` }],
    });
    const detail = (await t.app.inject({ url: `/api/shows/${await showId()}` })).json();
    expect(detail.synopsis).toMatch(/\(revised\)$/);
    expect(detail.episodes).toBe(32);
  });

  it('stays unknown for a show with no count and no episodes', async () => {
    const show = await buildShow(t.db, { episode_count: null });
    expect((await t.app.inject({ url: `/api/shows/${show.id}` })).json().episodes).toBeNull();
  });
});
