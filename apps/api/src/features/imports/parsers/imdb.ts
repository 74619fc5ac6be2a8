import type { Readable } from 'node:stream';
import { imdbId, utcInstant, yearOf, type ImportRecord } from '../import-records';
import { csvRows } from './csv';

/**
 * IMDb ratings / watchlist CSV (format notes §5). Only series rows are imported; `Title Type`
 * is matched leniently because IMDb renamed the values in 2024 (`tvSeries` → `TV Series`) and
 * localises them (`Serie TV`, `Mini-série TV`, `Fernsehserie`…). No episode progress exists in
 * these files.
 */
export function isImdbHeader(header: string[]): boolean {
  return header.includes('const') && header.includes('title type');
}

export type TitleKind = 'series' | 'episode' | 'movie' | 'other';

export function imdbTitleKind(value: string | undefined): TitleKind {
  const v = (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (!v) return 'other';
  if (v.includes('podcast') || v.includes('game') || v.includes('music')) return 'other';
  if (v.includes('episod') || v.includes('folge')) return 'episode';
  if (v.includes('serie') || v.includes('series') || v.includes('serial') || v.includes('sitcom'))
    return 'series';
  if (
    v.includes('movie') ||
    v.includes('film') ||
    v.includes('pelicula') ||
    v === 'video' ||
    v.includes('short') ||
    v.includes('special')
  )
    return 'movie';
  return 'other';
}

export async function* parseImdb(input: Readable, name: string): AsyncGenerator<ImportRecord> {
  for await (const r of csvRows(input, name)) {
    const kind = imdbTitleKind(r['title type']);
    if (kind === 'movie') {
      yield { kind: 'skip', what: 'movies' };
      continue;
    }
    if (kind === 'episode') {
      yield { kind: 'skip', what: 'episodes' };
      continue;
    }
    if (kind === 'other') {
      yield { kind: 'skip', what: 'otherTitles' };
      continue;
    }
    const id = imdbId(r.const);
    const show = {
      title: r.title || r['original title'] || null,
      year: yearOf(r.year),
      ids: id ? { imdb: id } : {},
    };
    const rating = Number(r['your rating']);
    const rated = Number.isInteger(rating) && rating >= 1 && rating <= 10;
    const isList = 'position' in r;
    if (isList) {
      yield {
        kind: 'show',
        show,
        status: 'want_to_watch',
        addedAt: utcInstant(r.created),
        ...(rated ? { score: rating } : {}),
      };
    } else if (rated) {
      yield {
        kind: 'show',
        show,
        score: rating,
        rated: true,
        addedAt: utcInstant(r['date rated']),
      };
    }
  }
}
