/**
 * For the import and held-history screenshots: a Trakt export as the import screen takes it (a
 * zip of Trakt's JSON files), and importing a file on Settings › Import & export.
 */
import type { Page } from '@playwright/test';
import yazl from 'yazl';

/** A show as Trakt's files name it. */
export const traktShow = (title: string, year: number, tvdb: number) => ({
  title,
  year,
  ids: {
    trakt: tvdb,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    tvdb,
    imdb: null,
    tmdb: null,
  },
});

/** Entries of watched-history.json, numbered from 1, watched in January of `year` at 21:00. */
export function traktHistory(year: number) {
  let id = 1;
  return {
    play: (show: object, season: number, number: number, day: number) => ({
      id: id++,
      watched_at: new Date(Date.UTC(year, 0, day, 21)).toISOString(),
      action: 'watch',
      type: 'episode',
      episode: { season, number, ids: {} },
      show,
    }),
    movie: (title: string, watchedAt: string) => ({
      id: id++,
      watched_at: watchedAt,
      type: 'movie',
      movie: { title, ids: {} },
    }),
  };
}

/** The zip of `files` (name → JSON value). */
export async function traktZip(files: Record<string, unknown>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, value] of Object.entries(files))
    zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Imports `file` on Settings › Import & export (open in `page`) and waits for its report. */
export async function importFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByLabel('Choose a file or drop it here').setInputFiles(file);
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.getByText('Import complete.').waitFor({ timeout: 20_000 });
}
