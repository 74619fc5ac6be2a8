import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { readCatalogFile } from '../features/catalog/catalog.importer';
import { connect } from './connection';
import { prepareDatabase } from '../platform/services';
import { createTestDb } from '../../test/test-db';

/*
 * Issue 20: two servers starting together on one empty PostgreSQL database migrate it and
 * import the catalogue once: the second waits on the advisory lock and finds nothing to do.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('start-up work under a lock (PostgreSQL)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-startup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two servers on one empty database: migrations and the catalogue import run once', async () => {
    // A small real catalogue file (20 shows of the bundled one).
    const bundled = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
    const file = path.join(dir, 'small.json.gz');
    fs.writeFileSync(
      file,
      gzipSync(JSON.stringify({ ...bundled, shows: bundled.shows.slice(0, 20) })),
    );

    const base = await createTestDb({ migrate: false });
    // Two servers: two pools on the same schema.
    const a = connect(url!, { schema: base.schema!, poolSize: 3, applicationName: 'startup-a' });
    const b = connect(url!, { schema: base.schema!, poolSize: 3, applicationName: 'startup-b' });
    try {
      const config = { catalogAutoImport: true, catalogFile: file };
      const quiet = { info() {} };
      const [first, second] = await Promise.all([
        prepareDatabase(a, config, quiet),
        prepareDatabase(b, config, quiet),
      ]);
      const imports = [first.imported, second.imported].filter(Boolean);
      expect(imports).toHaveLength(1);
      expect([first.migrated.length, second.migrated.length].sort((x, y) => x - y)[0]).toBe(0);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query(`select count(*)::int as n from ${base.schema}.shows`);
      await admin.end();
      expect(rows[0].n).toBe(20);
    } finally {
      await a.close();
      await b.close();
      await base.drop();
    }
  });
});
