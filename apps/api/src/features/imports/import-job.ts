import fs from 'node:fs';
import { importMessages, importSourceLabels, type ImportSource } from '@series-tracker/contracts';
import { nowIso } from '../../lib/time';
import type { Applier } from './apply';
import { Collector } from './collect';
import { ImportFileError } from './import-records';
import { localCopy, type LocalCopy } from './local-copy';
import type { ImportsServiceOptions, ListImport, ReviewImport } from './imports.options';
import type { ShowAgg } from './collect';
import type { CatalogueShow } from './imports.repository';
import { episodeFinder, matchAggs } from './match';
import { addUnmatched, emptyReport, publicIds, type StoredReport } from './report';
import { openImport } from './read-file';

export const IMPORT_JOB = 'imports.run';

/** How far a running import got (`imports.checkpoint`, ADR 142). */
interface Checkpoint {
  v: 1;
  /** Catalogue shows whose rows are written (with the report counting them). */
  shows: number[];
  /** Later steps done: episodeRatings, seasonRatings, lists, reviews, follows. */
  stages: string[];
  report: StoredReport;
}

function parseCheckpoint(text: string | null): Checkpoint | null {
  if (!text) return null;
  const value = JSON.parse(text) as Checkpoint;
  return value.v === 1 ? value : null;
}

export type ImportPayload = {
  importId: string;
  userId: number;
  /** An upload in the import store (options.importFiles), deleted once the import is over. */
  key?: string;
  /** A file on this server's disk: the CLI's (and jobs queued before ADR 140). */
  file?: string;
  source: ImportSource | null;
  /** The CLI reads the admin's own file: never delete it. */
  keepFile?: boolean;
};

/** The `imports.run` job: read, gather, match and write one file, and record the outcome. */
export function createImportJob(
  options: ImportsServiceOptions,
  applier: Applier,
  /** Held history's release (held.ts), the one catalog.refreshed runs. */
  releaseHeld: (showIds: number[]) => Promise<void>,
) {
  const { repo, jobs, mail, log } = options;
  const mailAfterMs = options.mailAfterMs ?? 60_000;
  const { writeShows } = applier;

  /** Reads, matches and writes one file (the job's work). */
  async function runImport(
    input: { importId: string; userId: number; file: string; source: ImportSource | null },
    progress: (done: number, total: number, message: string) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<StoredReport> {
    const { importId, userId, file } = input;
    // A run cut short (its server killed, its connection lost) left a checkpoint: this run
    // writes only what is left and goes on counting into the report it had (ADR 142).
    const saved = parseCheckpoint(await repo.checkpoint(importId));
    const report = saved?.report ?? emptyReport();
    const written = new Set(saved?.shows ?? []);
    const stages = new Set(saved?.stages ?? []);
    const save = (trx?: Parameters<typeof repo.saveCheckpoint>[0]) =>
      repo.saveCheckpoint(
        trx ?? repo.db,
        importId,
        JSON.stringify({
          v: 1,
          shows: [...written],
          stages: [...stages],
          report,
        } satisfies Checkpoint),
        nowIso(),
      );
    await progress(0, 0, saved ? 'Resuming' : 'Reading the file');
    const opened = await openImport(file, {
      source: input.source,
      ...(options.archiveLimits ? { limits: options.archiveLimits } : {}),
    });
    await repo.updateImport(importId, { source: opened.source, updated_at: nowIso() });
    const collector = new Collector();
    try {
      for await (const record of opened.records) {
        collector.add(record);
        if (collector.rows % 5000 === 0) {
          signal?.throwIfAborted();
          await progress(0, 0, `Read ${collector.rows.toLocaleString('en')} rows`);
        }
      }
    } finally {
      opened.close();
    }
    collector.finish();
    if (!saved) {
      report.skipped = collector.skipped;
      report.notes = collector.notes;
    }
    const aggs = [...collector.shows.values()];
    if (!aggs.length && !collector.lists.length && !collector.reviews.length && !collector.rows)
      throw new ImportFileError(importMessages.empty);

    await progress(0, aggs.length, 'Matching shows');
    const listRefs = collector.lists.flatMap((l) => l.items.map((i) => i.show));
    const reviewRefs = collector.reviews.map((r) => r.show);
    // Resuming: the matching was counted by the first run (a show TVmaze added then is
    // "matched" now), so this run's matching counts go nowhere.
    const { matched, extra } = await matchAggs(
      options,
      aggs,
      [...listRefs, ...reviewRefs],
      saved ? emptyReport() : report,
      progress,
      signal,
    );
    if (!saved) await save();

    // A catalogue show's rows go in one chunk (one transaction with its checkpoint), so a
    // show is either written and recorded or neither.
    const byShow = new Map<number, typeof matched>();
    for (const m of matched) byShow.set(m.show.id, [...(byShow.get(m.show.id) ?? []), m]);
    const groups = [...byShow.values()];
    const chunk = 100;
    for (let i = 0; i < groups.length; i += chunk) {
      signal?.throwIfAborted();
      const part = groups.slice(i, i + chunk).filter((g) => !written.has(g[0]!.show.id));
      if (!part.length) continue;
      await progress(
        i,
        groups.length,
        `Writing shows ${i + 1}–${Math.min(i + chunk, groups.length)} of ${groups.length}`,
      );
      await writeShows(userId, importId, part.flat(), report, {
        hold: true,
        source: `import:${opened.source}`,
        checkpoint: async (trx, missed) => {
          for (const m of missed)
            addUnmatched(report, {
              kind: 'episode',
              show: { title: m.agg.ref.title, year: m.agg.ref.year, ids: publicIds(m.agg.ref) },
              season: m.play.season,
              episode: m.play.number,
              plays: 1,
              reason: m.reason,
              agg: { ref: m.agg.ref, plays: [m.play], progressCount: null },
            });
          for (const g of part) written.add(g[0]!.show.id);
          await save(trx);
        },
      });
    }

    // What follows goes through other features (their own transactions): each step is
    // recorded once done, so a resumed run does not count it again as "already there".
    const step = async (name: string, fn: () => Promise<unknown>) => {
      if (stages.has(name)) return;
      signal?.throwIfAborted();
      await fn();
      stages.add(name);
      await save();
    };
    await step('episodeRatings', () => importEpisodeRatings(userId, matched, report));
    await step('seasonRatings', async () => {
      const rows = matched.flatMap((m) =>
        (m.agg.seasonRatings ?? []).map((r) => ({
          showId: m.show.id,
          season: r.season,
          rating: r.rating,
          at: r.ratedAt,
        })),
      );
      if (!rows.length) return;
      const skip = (k: string, n: number) => (report.skipped[k] = (report.skipped[k] ?? 0) + n);
      if (!options.targets?.seasonRatings) return skip('seasonRatings', rows.length);
      const result = await options.targets.seasonRatings(userId, rows);
      report.seasonRatings = (report.seasonRatings ?? 0) + result.created;
      for (const [k, n] of Object.entries(result.skipped)) if (n) skip(k, n);
    });

    // Lists and reviews go through their features
    const showOf = (k: number) => extra[k] ?? null;
    await step('lists', async () => {
      if (collector.lists.length) {
        if (options.targets?.lists) {
          await progress(matched.length, matched.length, 'Importing lists');
          let k = 0;
          const lists: ListImport[] = collector.lists.map((l) => ({
            key: l.key,
            name: l.name,
            description: l.description,
            createdAt: l.createdAt,
            items: l.items.flatMap((item) => {
              const show = showOf(k++);
              if (!show)
                report.skipped.listItemsUnmatched = (report.skipped.listItemsUnmatched ?? 0) + 1;
              return show ? [{ showId: show.id, rank: item.rank, note: item.note }] : [];
            }),
          }));
          report.lists = await options.targets.lists(userId, lists);
        } else {
          report.skipped.lists = collector.lists.length;
        }
      }
    });
    await step('reviews', async () => {
      if (collector.reviews.length) {
        if (options.targets?.reviews) {
          const reviews: ReviewImport[] = [];
          // A review without a rating of its own takes the score the file gave the show.
          const scoreOf = new Map<number, number>();
          for (const m of matched) if (m.agg.score) scoreOf.set(m.show.id, m.agg.score);
          collector.reviews.forEach((r, i) => {
            const show = showOf(listRefs.length + i);
            if (show)
              reviews.push({
                showId: show.id,
                title: r.title ?? null,
                text: r.text,
                rating: r.rating ?? scoreOf.get(show.id) ?? null,
                spoiler: r.spoiler,
                createdAt: r.createdAt,
              });
            else report.skipped.reviewsUnmatched = (report.skipped.reviewsUnmatched ?? 0) + 1;
          });
          const result = await options.targets.reviews(userId, reviews);
          report.reviews = result.created;
          for (const [k, n] of Object.entries(result.skipped))
            if (n) report.skipped[k] = (report.skipped[k] ?? 0) + n;
        } else {
          report.skipped.reviews = collector.reviews.length;
        }
      }
    });
    await step('follows', async () => {
      if (collector.follows.length) {
        if (options.targets?.follows) {
          const result = await options.targets.follows(userId, collector.follows);
          report.follows = result.created;
          for (const [k, n] of Object.entries(result.skipped))
            if (n) report.skipped[k] = (report.skipped[k] ?? 0) + n;
        } else {
          report.skipped.follows = collector.follows.length;
        }
      }
    });
    if (report.episodes.held)
      report.notes.push(
        `${report.episodes.held} watched episodes are not in the catalogue yet; they are kept and marked when their show's episode list arrives.`,
      );
    await progress(matched.length, matched.length, 'Done');
    return report;
  }

  /** Runs one import to its end and records the outcome (the job's work, and the CLI's). */
  async function perform(
    payload: ImportPayload,
    progress: (done: number, total: number, message: string) => Promise<void>,
    signal: AbortSignal | undefined,
    finalAttempt: boolean,
  ): Promise<{ importId: string; error?: string; report?: StoredReport }> {
    const startedAt = Date.now();
    // The upload leaves the store only when the import is over (done or failed for good): a
    // retry, on this server or another, reads it again.
    const removeFile = async () => {
      if (payload.key)
        await options.importFiles
          .delete(payload.key)
          .catch((err: unknown) =>
            log.warn({ err, key: payload.key }, 'could not delete an upload'),
          );
      else if (payload.file && !payload.keepFile)
        await fs.promises.rm(payload.file, { force: true });
    };
    await repo.updateImport(payload.importId, { status: 'running', updated_at: nowIso() });
    let local: LocalCopy | null = null;
    try {
      local = await localCopy(payload, options);
      const report = await runImport({ ...payload, file: local.file }, progress, signal);
      const finished = nowIso();
      await repo.updateImport(payload.importId, {
        status: 'done',
        report: JSON.stringify(report),
        checkpoint: null,
        finished_at: finished,
        updated_at: finished,
      });
      await removeFile();
      // A show looked up during the run may have got its episodes (the catalog refresh job
      // runs beside the import) before this run's held watches were committed, so that
      // refresh found nothing to release: place what can be placed now.
      if (report.episodes.held) await releaseHeld(await repo.heldShowIdsOf(payload.importId));
      if (Date.now() - startedAt >= mailAfterMs) await mailDone(payload, report);
      return { importId: payload.importId, report };
    } catch (err) {
      if (signal?.aborted) throw err;
      // A bad file changes nothing and is not retried; anything else is retried once (a
      // re-run adds nothing twice), then recorded as failed.
      if (!(err instanceof ImportFileError) && !finalAttempt) throw err;
      const message =
        err instanceof ImportFileError
          ? err.message
          : 'The import failed part-way; what was written is kept and running the same file again completes it without duplicates';
      if (!(err instanceof ImportFileError)) log.error({ err }, 'import failed');
      const finished = nowIso();
      await repo.updateImport(payload.importId, {
        status: 'failed',
        error: message,
        checkpoint: null,
        finished_at: finished,
        updated_at: finished,
      });
      await removeFile();
      return { importId: payload.importId, error: message };
    } finally {
      await local?.release();
    }
  }

  jobs.define<ImportPayload, unknown>(
    IMPORT_JOB,
    async ({ payload, progress, signal, attempt }) => {
      const { report: _report, ...result } = await perform(payload, progress, signal, attempt >= 2);
      return result;
    },
    { retryLimit: 1, retryDelaySeconds: 5, concurrency: 2, expireInSeconds: 60 * 60 },
  );

  async function mailDone(
    payload: { importId: string; userId: number; source: ImportSource | null },
    report: StoredReport,
  ) {
    const user = await repo.userContact(payload.userId);
    const row = await repo.findImport(payload.importId);
    if (!user || !row) return;
    await mail
      .send('import-finished', user, {
        username: user.username,
        source: row.source ? importSourceLabels[row.source as ImportSource] : null,
        importId: payload.importId,
        shows: report.shows.matched + report.shows.added,
        episodes: report.episodes.marked,
        unmatched: report.shows.unmatched + report.episodes.unmatched,
      })
      .catch((err: unknown) => log.error({ err }, 'could not queue the import mail'));
  }

  /**
   * Episode ratings become the member's private, unannounced episode ratings (the reviews
   * feature, through `targets`); without that target, or for an episode the catalogue does
   * not have, they are counted.
   */
  async function importEpisodeRatings(
    userId: number,
    matched: { agg: ShowAgg; show: CatalogueShow }[],
    report: StoredReport,
  ) {
    const rated = matched.filter((m) => m.agg.episodeRatings?.length);
    const total = rated.reduce((n, m) => n + m.agg.episodeRatings!.length, 0);
    if (!total) return;
    const skip = (k: string, n = 1) => (report.skipped[k] = (report.skipped[k] ?? 0) + n);
    if (!options.targets?.episodeRatings) return skip('episodeRatings', total);
    const rows: { episodeId: number; rating: number; at: string | null }[] = [];
    for (let i = 0; i < rated.length; i += 100) {
      const part = rated.slice(i, i + 100);
      const eps = await repo.episodesOf(
        repo.db,
        part.map((m) => m.show.id),
      );
      for (const m of part) {
        const find = episodeFinder(eps.filter((e) => e.show_id === m.show.id));
        for (const r of m.agg.episodeRatings!) {
          const ep = find({ season: r.season, number: r.number, airDate: null });
          if (ep) rows.push({ episodeId: ep.id, rating: r.rating, at: r.ratedAt });
          else skip('episodeRatingsUnmatched');
        }
      }
    }
    const result = await options.targets.episodeRatings(userId, rows);
    report.episodeRatings = (report.episodeRatings ?? 0) + result.created;
    for (const [k, n] of Object.entries(result.skipped)) if (n) skip(k, n);
  }

  return { runImport, perform };
}
