import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Import } from '@series-tracker/contracts';
import { generateTraktExport, seedImportCatalogue } from '../../../bench/imports';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';
import { upload } from '../../../test/import-helpers';

/**
 * Issue 20: an import whose server is killed part-way is taken over by another server (the
 * jobs layer's stale reclaim) and run again. The second run writes only what is left and its
 * report counts everything, exactly as a clean run's (it used to say 608 of 908).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-resume-'));
let t: TestApp;
let file: string;
let filePlays: number;

beforeAll(async () => {
  t = await buildTestApp({ importDir: path.join(work, 'uploads') });
  await seedImportCatalogue(t.db);
  ({ file, plays: filePlays } = await generateTraktExport(work));
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const k = () => t.db.kysely;
async function counts(userId: number) {
  const one = async (table: 'episode_plays' | 'episode_progress' | 'watchlist_items') =>
    Number(
      (
        await k()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const held = Number(
    (
      await k()
        .selectFrom('import_held_episodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  // The same episode at the same instant twice would be a duplicated play.
  const duplicatePlays = Number(
    (
      await sql<{ n: number }>`select count(*) as n from (
        select episode_id, watched_at from episode_plays where user_id = ${userId}
        group by episode_id, watched_at having count(*) > 1) d`.execute(k())
    ).rows[0]!.n,
  );
  // Each item's progress equals its watched episodes.
  const wrongProgress = Number(
    (
      await sql<{ n: number }>`select count(*) as n from watchlist_items w
        where w.user_id = ${userId} and w.progress <> (
          select count(*) from episode_progress p join episodes e on e.id = p.episode_id
          where p.user_id = w.user_id and e.show_id = w.show_id and e.type = 'regular')`.execute(
        k(),
      )
    ).rows[0]!.n,
  );
  return {
    plays: await one('episode_plays'),
    progress: await one('episode_progress'),
    items: await one('watchlist_items'),
    held,
    duplicatePlays,
    wrongProgress,
  };
}

/** Two ten-year imports at once take a while on a busy machine's PostgreSQL. */
function finished(token: string, id: string): Promise<Import> {
  return vi.waitFor(
    async () => {
      const res = await t.app.inject({ url: `/api/imports/${id}`, headers: bearer(token) });
      const body = res.json() as Import;
      if (body.status !== 'done' && body.status !== 'failed')
        throw new Error(`still ${body.status}`);
      return body;
    },
    { timeout: 150_000, interval: 100 },
  );
}

/** The upload's local path: the queued job carries its key in the import store (ADR 140). */
async function queuedFile(importId: string): Promise<string> {
  const row = await k()
    .selectFrom('imports')
    .innerJoin('jobs', 'jobs.id', 'imports.job_id')
    .select('jobs.payload')
    .where('imports.id', '=', importId)
    .executeTakeFirstOrThrow();
  const payload = JSON.parse(row.payload!) as { file?: string; key?: string };
  if (payload.file) return payload.file;
  return t.app.services.importFiles.localPath!(payload.key!);
}

describe('an import cut short part-way', () => {
  it('resumes on the next run: nothing written twice, the report counts everything', async () => {
    const clean = await registerUser(t.app);
    const cut = await registerUser(t.app);

    // The member's upload is queued; a server takes it and is stopped after the first chunk
    // of 100 shows is written (its signal aborts at the next safe point, as a kill would
    // leave it: the chunk in flight rolled back or committed with its checkpoint).
    const res = await upload(t.app, cut.token, file);
    expect(res.statusCode).toBe(202);
    const cutId = (res.json() as { id: string }).id;
    const controller = new AbortController();
    await expect(
      t.app.services.imports.runImport(
        { importId: cutId, userId: cut.user.id, file: await queuedFile(cutId), source: null },
        async (_done, _total, message) => {
          if (message.startsWith('Writing shows 1–')) controller.abort();
        },
        controller.signal,
      ),
    ).rejects.toThrow();
    const partial = await counts(cut.user.id);
    expect(partial.plays).toBeGreaterThan(0);
    expect(partial.items).toBe(100);
    const row = await k()
      .selectFrom('imports')
      .select(['status', 'checkpoint', 'report'])
      .where('id', '=', cutId)
      .executeTakeFirstOrThrow();
    expect(row.report).toBeNull();
    expect(JSON.parse(row.checkpoint!).shows).toHaveLength(100);

    // Another member imports the same file in one go; then the worker runs both jobs (the
    // cut one as the stale reclaim hands it over: the same payload, run again).
    const cleanRes = await upload(t.app, clean.token, file);
    expect(cleanRes.statusCode).toBe(202);
    await t.app.services.jobs.start();
    const [resumed, whole] = await Promise.all([
      finished(cut.token, cutId),
      finished(clean.token, (cleanRes.json() as { id: string }).id),
    ]);
    expect(whole.status).toBe('done');
    expect(resumed.status).toBe('done');

    // The report of the resumed import is the clean run's, count for count.
    const report = (i: Import) => i.report!;
    expect(report(resumed)).toEqual(report(whole));
    const r = report(whole);
    expect(r.shows.matched).toBe(250);
    expect(r.watchlist).toBe(250);
    expect(r.episodes.marked + r.episodes.held + (r.episodes.rewatches ?? 0)).toBe(filePlays);
    expect(r.episodes.alreadyWatched).toBe(0);

    // And so is what it wrote: every play once, progress exact, the checkpoint gone.
    const after = await counts(cut.user.id);
    expect(after).toEqual(await counts(clean.user.id));
    expect(after.duplicatePlays).toBe(0);
    expect(after.wrongProgress).toBe(0);
    expect(after.plays).toBe(r.episodes.marked + (r.episodes.rewatches ?? 0));
    expect(after.held).toBe(r.episodes.held);
    const done = await k()
      .selectFrom('imports')
      .select('checkpoint')
      .where('id', '=', cutId)
      .executeTakeFirstOrThrow();
    expect(done.checkpoint).toBeNull();
  }, 240_000);
});
