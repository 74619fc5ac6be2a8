import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { useTestApp } from '../../../test/build-test-app';
import { readCatalogFile } from './catalog.importer';
import type { CatalogFile } from './catalog.schema';

/**
 * A snapshot imported from the CLI (`npm run catalog:import`) announces what it wrote, like a
 * TVmaze sync: held imported watches of those shows are attached, rankings drop new shows in.
 */
const t = useTestApp();

const bundled = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
const slice = (): CatalogFile => ({
  ...bundled,
  shows: bundled.shows
    .filter((s) => s.episodes.length > 0)
    .slice(0, 4)
    .map((s) => structuredClone(s)),
});

function listen() {
  const seen: { showIds: number[]; source: string; added?: number[] }[] = [];
  const off = t.app.services.events.on('catalog.refreshed', (e) => {
    seen.push(e);
  });
  return { seen, off };
}

it('emits catalog.refreshed with the written and the new shows, and nothing for an unchanged file', async () => {
  const first = listen();
  const result = await t.app.services.catalog.import(slice());
  first.off();
  expect(result.shows.inserted).toBe(4);
  expect(first.seen).toHaveLength(1);
  expect(first.seen[0]!.source).toBe('import');
  expect(first.seen[0]!.showIds.sort()).toEqual([...result.showIds].sort());
  expect(first.seen[0]!.added!.sort()).toEqual([...result.showIds].sort());
  expect(result.showIds).toHaveLength(4);

  const again = listen();
  await t.app.services.catalog.import(slice());
  again.off();
  expect(again.seen).toEqual([]);

  const changed = slice();
  changed.shows[1]!.synopsis = `${changed.shows[1]!.synopsis ?? ''} (revised)`;
  const third = listen();
  const updated = await t.app.services.catalog.import(changed);
  third.off();
  expect(updated.shows).toMatchObject({ inserted: 0, updated: 1 });
  expect(third.seen).toEqual([{ showIds: updated.showIds, source: 'import' }]);
  expect(updated.showIds).toHaveLength(1);
});
