import fs from 'node:fs';
import { Readable } from 'node:stream';
import readline from 'node:readline';
import zlib from 'node:zlib';
import {
  exportSchemaVersion,
  importCaps,
  importMessages,
  importSourceLabels,
  type ImportSource,
} from '@series-tracker/contracts';
import { openArchive, readJson, type Archive, type ArchiveLimits } from './archive';
import { inflatedWithin, runsWithin } from './bounded';
import { ImportFileError, type ImportRecord } from './import-records';
import { csvHeader } from './parsers/csv';
import { isImdbHeader, parseImdb } from './parsers/imdb';
import { parseMal } from './parsers/mal';
import { isOwnExport, parseOwnExport, parseOwnExportLines } from './parsers/own';
import { isSimkl, parseSimkl } from './parsers/simkl';
import { isTraktArchive, parseTrakt } from './parsers/trakt';
import { parseTvTimeFile, tvtimeFiles, tvtimeKindOfHeader, tvtimeUtcNote } from './parsers/tvtime';

/** Largest JSON document read whole (Simkl, our own export reformatted). */
const maxJsonBytes = importCaps.maxJsonBytes;
const newline = 0x0a;
const lessThan = 0x3c;
/** Lines (CSV, our own export) and XML runs never pass the value cap before a parser sees them. */
const lines = (s: Readable) => Readable.from(runsWithin(guard(s), newline));

export interface OpenedImport {
  source: ImportSource;
  records: AsyncIterable<ImportRecord>;
  close(): void;
}

async function head(file: string, bytes: number): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;
const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

async function readAll(stream: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += (c as Buffer).length;
    if (size > limit) throw new ImportFileError(importMessages.jsonTooLarge);
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJsonText(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError('The file is not valid JSON');
  }
}

/** Which source a file is, by content (and, in archives, by member names), then its records. */
export async function openImport(
  file: string,
  opts: {
    source?: ImportSource | null;
    limits?: ArchiveLimits;
    onStep?: (message: string) => void;
  } = {},
): Promise<OpenedImport> {
  const start = await head(file, 64 * 1024);
  const checked = (detected: ImportSource | null): ImportSource => {
    if (opts.source && detected && opts.source !== detected)
      throw new ImportFileError(
        `This file is a ${importSourceLabels[detected]}, not a ${importSourceLabels[opts.source]}`,
      );
    const source = detected ?? opts.source;
    if (!source) throw new ImportFileError(importMessages.unknownFormat);
    return source;
  };
  if (!start.toString('utf8').trim()) throw new ImportFileError(importMessages.empty);

  if (isZip(start)) {
    const archive = await openArchive(file, opts.limits);
    try {
      return await fromArchive(archive, checked, opts.onStep);
    } catch (err) {
      archive.close();
      throw err;
    }
  }

  const gz = isGzip(start);
  const compressedBytes = gz ? (await fs.promises.stat(file)).size : 0;
  // A lone .gz inflates as a stream under the same caps as a ZIP member (ADR 150).
  const stream = (): Readable => {
    const s = fs.createReadStream(file);
    if (!gz) return s;
    const g = zlib.createGunzip();
    s.on('error', (e) => g.destroy(e));
    return Readable.from(inflatedWithin(guard(s.pipe(g)), compressedBytes));
  };
  let text: string;
  if (gz) {
    // Peek at the decompressed start.
    const g = stream();
    const chunks: Buffer[] = [];
    let n = 0;
    try {
      for await (const c of g) {
        chunks.push(c as Buffer);
        n += (c as Buffer).length;
        if (n > 4096) break;
      }
    } catch {
      throw new ImportFileError('The gzip file is damaged or incomplete');
    }
    g.destroy();
    text = Buffer.concat(chunks).toString('utf8');
  } else {
    text = start.toString('utf8');
  }
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('<')) {
    const source = checked(/<myanimelist[\s>]/.test(trimmed.slice(0, 4096)) ? 'mal' : null);
    if (source !== 'mal') throw new ImportFileError(importMessages.unknownFormat);
    return {
      source,
      records: parseMal(Readable.from(runsWithin(guard(stream()), lessThan))),
      close() {},
    };
  }
  // Our own export, as we write it (one row per line): read a line at a time.
  if (/^\{\r?\n "format": "series-tracker-export",/.test(trimmed)) {
    const version = Number(/\n "version": (\d+)/.exec(trimmed)?.[1] ?? 0);
    if (version > exportSchemaVersion)
      throw new ImportFileError(
        `This export has format version ${version}; this site reads version ${exportSchemaVersion}`,
      );
    const source = checked('series-tracker');
    // The line reader starts when the records are first asked for: readline drops lines
    // that arrive before its iterator exists.
    let reader: readline.Interface | null = null;
    const records = (async function* () {
      reader = readline.createInterface({
        input: lines(stream()),
        crlfDelay: Infinity,
      });
      yield* parseOwnExportLines(reader);
    })();
    return { source, records, close: () => reader?.close() };
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const value = parseJsonText(await readAll(guard(stream()), maxJsonBytes));
    if (isOwnExport(value))
      return {
        source: checked('series-tracker'),
        records: iter(parseOwnExport(value)),
        close() {},
      };
    if (isSimkl(value))
      return { source: checked('simkl'), records: iter(parseSimkl(value)), close() {} };
    throw new ImportFileError(importMessages.unknownFormat);
  }
  const header = csvHeader(trimmed.split(/\r?\n/, 1)[0] ?? '');
  if (isImdbHeader(header))
    return {
      source: checked('imdb'),
      records: parseImdb(lines(stream()), 'The CSV file'),
      close() {},
    };
  const kind = tvtimeKindOfHeader(header);
  if (kind) {
    const source = checked('tvtime');
    return {
      source,
      records: (async function* () {
        yield { kind: 'note' as const, text: tvtimeUtcNote };
        yield* parseTvTimeFile(kind, lines(stream()), 'The CSV file');
      })(),
      close() {},
    };
  }
  checked(null);
  throw new ImportFileError(importMessages.unknownFormat);
}

/** A damaged gzip stream fails as a clean file error. */
async function* guard(s: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const c of s) yield c as Buffer;
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('The file is damaged or incomplete');
  }
}

async function* iter<T>(g: Iterable<T>): AsyncGenerator<T> {
  yield* g;
}

async function fromArchive(
  archive: Archive,
  checked: (s: ImportSource | null) => ImportSource,
  onStep?: (message: string) => void,
): Promise<OpenedImport> {
  const close = () => archive.close();
  const member = (name: string) => onStep?.(`Reading ${name}`);
  if (isTraktArchive(archive.entries)) {
    return { source: checked('trakt'), records: parseTrakt(archive, member), close };
  }
  const tv = archive.entries.filter((e) => (tvtimeFiles as readonly string[]).includes(e.base));
  if (tv.length) {
    const source = checked('tvtime');
    return {
      source,
      records: (async function* () {
        yield { kind: 'note' as const, text: tvtimeUtcNote };
        // Follows first, then watches: per-show state is merged whatever the order.
        for (const name of tvtimeFiles) {
          for (const e of tv.filter((t) => t.base === name)) {
            member(e.name);
            yield* parseTvTimeFile(name, lines(await archive.stream(e)), e.name);
          }
        }
      })(),
      close,
    };
  }
  for (const e of archive.entries.filter((x) => x.base.endsWith('.json'))) {
    if (e.size > maxJsonBytes) continue;
    const value = await readJson(archive, e);
    if (isOwnExport(value))
      return { source: checked('series-tracker'), records: iter(parseOwnExport(value)), close };
    if (isSimkl(value))
      return { source: checked('simkl'), records: iter(parseSimkl(value)), close };
  }
  for (const e of archive.entries.filter((x) => /\.xml(\.gz)?$/.test(x.base))) {
    const s = await archive.stream(e);
    const input = e.base.endsWith('.gz')
      ? inflatedWithin(guard(s.pipe(zlib.createGunzip())), e.size)
      : s;
    return {
      source: checked('mal'),
      records: parseMal(Readable.from(runsWithin(guard(Readable.from(input)), lessThan))),
      close,
    };
  }
  checked(null);
  throw new ImportFileError(importMessages.unknownFormat);
}
