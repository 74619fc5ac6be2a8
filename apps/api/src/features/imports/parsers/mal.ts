import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { importCaps, importMessages, type WatchStatus } from '@series-tracker/contracts';
import { calendarDate, ImportFileError, intId, type ImportRecord } from '../import-records';

/**
 * MyAnimeList XML export (format notes §3), read as a stream with saxes: one `<anime>` at a
 * time, so a large list never sits in memory. The caller un-gzips when the file starts with
 * the gzip magic bytes (a browser may already have decompressed a `.xml.gz`).
 */
const statuses: Record<string, WatchStatus> = {
  watching: 'watching',
  completed: 'completed',
  'on-hold': 'paused',
  dropped: 'dropped',
  'plan to watch': 'want_to_watch',
  // The legacy API's numeric codes.
  '1': 'watching',
  '2': 'completed',
  '3': 'paused',
  '4': 'dropped',
  '6': 'want_to_watch',
};

export async function* parseMal(input: Readable): AsyncGenerator<ImportRecord> {
  const parser = new SaxesParser();
  const out: ImportRecord[] = [];
  let entry: Record<string, string> | null = null;
  let field: string | null = null;
  let text = '';
  let root: string | null = null;
  parser.on('opentag', (tag) => {
    root ??= tag.name;
    if (tag.name === 'anime') entry = {};
    else if (tag.name === 'manga') out.push({ kind: 'skip', what: 'manga' });
    else if (entry) {
      field = tag.name;
      text = '';
    }
  });
  const onText = (t: string) => {
    if (!field) return;
    text += t;
    // The caller caps runs between '<'; CDATA sections could still join several (ADR 150).
    if (text.length > importCaps.maxValueBytes)
      throw new ImportFileError(importMessages.valueTooLong);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (entry && field === tag.name) {
      entry[field] = text.trim();
      field = null;
    } else if (tag.name === 'anime' && entry) {
      out.push(...toRecords(entry));
      entry = null;
    }
  });
  // Older exports had bare `&` in titles: escape those that start no entity. A possible
  // entity cut by a chunk boundary waits for the next chunk.
  const escape = (s: string) => s.replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;');
  let carry = '';
  input.setEncoding('utf8');
  try {
    for await (const chunk of input) {
      let s = carry + (chunk as string);
      const amp = s.lastIndexOf('&');
      carry = '';
      if (amp >= 0 && amp > s.length - 12 && !s.slice(amp).includes(';')) {
        carry = s.slice(amp);
        s = s.slice(0, amp);
      }
      parser.write(escape(s));
      if (root !== null && root !== 'myanimelist') break;
      yield* out.splice(0);
    }
    if (root === 'myanimelist') {
      parser.write(escape(carry));
      parser.close();
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('The MyAnimeList file is not well-formed XML');
  }
  if (root !== 'myanimelist')
    throw new ImportFileError('This XML file is not a MyAnimeList export');
  yield* out.splice(0);
}

function toRecords(a: Record<string, string>): ImportRecord[] {
  const type = (a.series_type ?? '').toLowerCase();
  if (type === 'movie' || type === '3') return [{ kind: 'skip', what: 'movies' }];
  const mal = intId(a.series_animedb_id);
  const show = { title: a.series_title || null, year: null, ids: mal ? { mal } : {} };
  const status = statuses[(a.my_status ?? '').toLowerCase()];
  const score = Number(a.my_score);
  const started = calendarDate(a.my_start_date);
  const finished = calendarDate(a.my_finish_date);
  const instant = (d: string | null) => (d ? `${d}T00:00:00.000Z` : null);
  const records: ImportRecord[] = [
    {
      kind: 'show',
      show,
      ...(status ? { status } : {}),
      // 0 means "not scored".
      score: Number.isInteger(score) && score >= 1 && score <= 10 ? score : null,
      startedAt: instant(started),
      completedAt: status === 'completed' ? instant(finished) : null,
    },
  ];
  const watched = Number(a.my_watched_episodes);
  if (Number.isInteger(watched) && watched > 0) {
    records.push({
      kind: 'progress-count',
      show,
      count: watched,
      watchedAt: instant(finished ?? started),
    });
  }
  return records;
}
