import { Readable } from 'node:stream';
import yazl from 'yazl';
import { exportSchemaVersion } from '@series-tracker/contracts';
import { showRef, type ExportRepository, type ShowCols } from './export.repository';
import { exportFormatName } from './parsers/own';

/**
 * GET /api/users/me/export (docs/export-format.md): everything a member owns, streamed, as
 * one versioned JSON document or a ZIP of CSV files. Pages through the database so a ten-year
 * history never sits in memory whole.
 */

/** Extra sections other features add to the export (reviews, lists, follows…). */
export type ExportSection = {
  name: string;
  /** JSON rows of the section, in pages. */
  rows: (userId: number) => AsyncIterable<Record<string, unknown>>;
};

const ownSections = [
  'watchlist',
  'progress',
  'held',
  'favorites',
  'ratings',
  'lists',
  'reviews',
  'episodeReviews',
  'comments',
] as const;

export function createExportService({
  repo,
  sections = [],
}: {
  repo: ExportRepository;
  sections?: ExportSection[];
}) {
  /** The member's own sections, in the document's order; other features' come after. */
  const allSections = (): ExportSection[] => [
    ...ownSections.map((name) => ({ name, rows: repo[name] })),
    ...sections,
  ];

  /** The JSON document, in chunks, one row at a time. */
  async function* json(userId: number): AsyncGenerator<string> {
    const head = {
      format: exportFormatName,
      version: exportSchemaVersion,
      exportedAt: new Date().toISOString(),
      profile: await repo.profile(userId),
    };
    yield JSON.stringify(head, null, 1).replace(/\n}$/, '');
    for (const section of allSections()) {
      yield `,\n "${section.name}": [`;
      let first = true;
      for await (const row of section.rows(userId)) {
        yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
        first = false;
      }
      yield first ? ']' : '\n ]';
    }
    yield '\n}\n';
  }

  const csvCell = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    // A spreadsheet runs a cell starting with = + - @ (or a tab / CR before one) as a formula:
    // text, whoever wrote it (a copied list, a show title), gets a leading apostrophe (ADR 150).
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r\t]/.test(s) || s.startsWith("'") ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const showCsv = (show: ReturnType<typeof showRef>) => ({
    show_title: show.title,
    show_year: show.year,
    show_key: show.sourceId,
    tvmaze_id: show.ids.tvmaze,
    tvdb_id: show.ids.tvdb,
    imdb_id: show.ids.imdb,
    tmdb_id: show.ids.tmdb,
    mal_id: show.ids.mal,
  });

  async function* csv(
    header: string[],
    rows: AsyncIterable<Record<string, unknown>>,
  ): AsyncGenerator<Buffer> {
    yield Buffer.from(`${header.join(',')}\n`);
    for await (const row of rows)
      yield Buffer.from(`${header.map((h) => csvCell(row[h])).join(',')}\n`);
  }
  const flat = async function* <T>(
    rows: AsyncIterable<T>,
    fn: (r: T) => Record<string, unknown> | Record<string, unknown>[],
  ) {
    for await (const r of rows) {
      const out = fn(r);
      if (Array.isArray(out)) yield* out;
      else yield out;
    }
  };
  const showHeader = Object.keys(showCsv(showRef({} as ShowCols)));

  /** A ZIP of CSV files, one per kind; built as it is sent. */
  function csvZip(userId: number): Readable {
    const zip = new yazl.ZipFile();
    const add = (name: string, header: string[], rows: AsyncIterable<Record<string, unknown>>) =>
      zip.addReadStream(Readable.from(csv(header, rows)), name);
    add(
      'watchlist.csv',
      [
        ...showHeader,
        'status',
        'score',
        'progress',
        'started_at',
        'completed_at',
        'last_watched_at',
        'added_at',
      ],
      flat(repo.watchlist(userId), (w) => ({
        ...showCsv(w.show),
        status: w.status,
        score: w.score,
        progress: w.progress,
        started_at: w.startedAt,
        completed_at: w.completedAt,
        last_watched_at: w.lastWatchedAt,
        added_at: w.addedAt,
      })),
    );
    add(
      'episodes.csv',
      [...showHeader, 'season', 'episode', 'type', 'air_date', 'episode_title', 'watched_at'],
      flat(repo.progress(userId), (p) =>
        (p.episodes as Record<string, unknown>[]).map((e) => ({
          ...showCsv(p.show),
          season: e.season,
          episode: e.number,
          type: e.type,
          air_date: e.airDate,
          episode_title: e.title,
          watched_at: e.watchedAt,
        })),
      ),
    );
    add(
      'held.csv',
      [...showHeader, 'kind', 'season', 'episode', 'air_date', 'watched_at', 'watched_count'],
      flat(repo.held(userId), (h) => [
        ...h.watches.map((w) => ({
          ...showCsv(h.show),
          kind: 'watch',
          season: w.season,
          episode: w.number,
          air_date: w.airDate,
          watched_at: w.watchedAt,
        })),
        ...(h.count
          ? [
              {
                ...showCsv(h.show),
                kind: 'count',
                watched_at: h.count.watchedAt,
                watched_count: h.count.watched,
              },
            ]
          : []),
      ]),
    );
    add(
      'favorites.csv',
      [...showHeader, 'added_at'],
      flat(repo.favorites(userId), (f) => ({ ...showCsv(f.show), added_at: f.addedAt })),
    );
    add(
      'ratings.csv',
      [...showHeader, 'score'],
      flat(repo.ratings(userId), (r) => ({ ...showCsv(r.show), score: r.score })),
    );
    add(
      'lists.csv',
      ['list_id', 'list_name', 'list_public', 'position', ...showHeader, 'note', 'added_at'],
      flat(repo.lists(userId), (l) =>
        l.items.map((i) => ({
          list_id: l.id,
          list_name: l.name,
          list_public: l.isPublic,
          position: i.position,
          ...showCsv(i.show),
          note: i.note,
          added_at: i.addedAt,
        })),
      ),
    );
    add(
      'reviews.csv',
      [...showHeader, 'title', 'text', 'rating', 'spoiler', 'public', 'created_at'],
      flat(repo.reviews(userId), (r) => ({
        ...showCsv(r.show),
        title: r.title,
        text: r.text,
        rating: r.rating,
        spoiler: r.spoiler,
        public: r.isPublic,
        created_at: r.createdAt,
      })),
    );
    add(
      'episode-reviews.csv',
      [...showHeader, 'season', 'episode', 'rating', 'text', 'spoiler', 'created_at'],
      flat(repo.episodeReviews(userId), (r) => ({
        ...showCsv(r.show),
        season: r.season,
        episode: r.number,
        rating: r.rating,
        text: r.text,
        spoiler: r.spoiler,
        created_at: r.createdAt,
      })),
    );
    add(
      'comments.csv',
      ['id', 'review_id', 'parent_id', 'text', 'created_at'],
      flat(repo.comments(userId), (c) => ({
        id: c.id,
        review_id: c.reviewId,
        parent_id: c.parentId,
        text: c.text,
        created_at: c.createdAt,
      })),
    );
    for (const section of sections) {
      // Sections of other features: one CSV each, columns from the first row's keys.
      const rows = section.rows(userId);
      zip.addReadStream(
        Readable.from(
          (async function* () {
            let header: string[] | null = null;
            for await (const row of rows) {
              if (!header) {
                header = Object.keys(row);
                yield Buffer.from(`${header.join(',')}\n`);
              }
              yield Buffer.from(`${header.map((h) => csvCell(row[h])).join(',')}\n`);
            }
            if (!header) yield Buffer.from('');
          })(),
        ),
        `${section.name}.csv`,
      );
    }
    void repo.profile(userId).then(
      (p) => {
        zip.addBuffer(
          Buffer.from(`${Object.keys(p).join(',')}\n${Object.values(p).map(csvCell).join(',')}\n`),
          'profile.csv',
        );
        zip.addBuffer(
          Buffer.from(
            `Series Tracker export, format ${exportFormatName} version ${exportSchemaVersion} (CSV).\nDates are ISO 8601 in UTC. Scores are 1-10. See docs/export-format.md.\n`,
          ),
          'README.txt',
        );
        zip.end();
      },
      (err: unknown) => (zip.outputStream as unknown as Readable).destroy(err as Error),
    );
    return zip.outputStream as unknown as Readable;
  }

  return {
    json: (userId: number) => Readable.from(json(userId)),
    csvZip,
  };
}

export type ExportService = ReturnType<typeof createExportService>;
