import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { importCaps } from '@series-tracker/contracts';
import { ImportFileError } from './import-records';

/** Limits that keep a hostile archive (zip bomb) from filling memory or disk. */
export interface ArchiveLimits {
  /** Sum of the members' uncompressed sizes. */
  maxExpandedBytes: number;
  /** Largest uncompressed/compressed ratio of a member over 1 MB. */
  maxRatio: number;
  maxEntries: number;
  /** One member read into memory (JSON files). */
  maxEntryBytes: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxExpandedBytes: importCaps.maxExpandedBytes,
  maxRatio: importCaps.maxRatio,
  maxEntries: 20_000,
  maxEntryBytes: importCaps.maxJsonBytes,
};

export interface ArchiveEntry {
  /** Path inside the archive. */
  name: string;
  /** Lower-case file name without folders: members are matched by it (layouts differ). */
  base: string;
  size: number;
  compressedSize: number;
}

export interface Archive {
  entries: ArchiveEntry[];
  stream(entry: ArchiveEntry): Promise<Readable>;
  read(entry: ArchiveEntry): Promise<Buffer>;
  close(): void;
}

const damaged = 'The ZIP archive is damaged or incomplete (was the download cut short?)';

/**
 * Opens a ZIP from disk and lists its members from the central directory, refusing archives
 * whose declared sizes break the limits before anything is decompressed. yauzl checks while
 * reading that a member does not inflate past its declared size, so the limits hold for the
 * bytes actually produced too.
 */
export async function openArchive(
  file: string,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, z) =>
      err || !z ? reject(new ImportFileError(damaged)) : resolve(z),
    ),
  );
  const raw: yauzl.Entry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        raw.push(entry);
        if (raw.length > limits.maxEntries)
          return reject(new ImportFileError('The archive holds too many files'));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new ImportFileError(damaged)));
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  const byEntry = new Map<ArchiveEntry, yauzl.Entry>();
  let expanded = 0;
  for (const e of raw) {
    if (e.fileName.endsWith('/')) continue;
    const parts = e.fileName.split('/');
    if (parts.includes('__MACOSX')) continue;
    expanded += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
      zip.close();
      throw new ImportFileError(
        'The archive looks like a zip bomb (a member expands more than 200 times); nothing was imported',
      );
    }
    if (expanded > limits.maxExpandedBytes) {
      zip.close();
      throw new ImportFileError('The archive expands to more than 1 GB; nothing was imported');
    }
    byEntry.set(
      {
        name: e.fileName,
        base: path.posix.basename(e.fileName).toLowerCase(),
        size: e.uncompressedSize,
        compressedSize: e.compressedSize,
      },
      e,
    );
  }
  const stream = (entry: ArchiveEntry) =>
    new Promise<Readable>((resolve, reject) => {
      const e = byEntry.get(entry);
      if (!e) return reject(new ImportFileError(damaged));
      zip.openReadStream(e, (err, s) =>
        err || !s ? reject(new ImportFileError(damaged)) : resolve(s),
      );
    });
  return {
    entries: [...byEntry.keys()],
    stream,
    async read(entry) {
      if (entry.size > limits.maxEntryBytes)
        throw new ImportFileError(`${entry.name} is too large to read`);
      const s = await stream(entry);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of s) chunks.push(chunk as Buffer);
      } catch {
        throw new ImportFileError(damaged);
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/** Parses a JSON member; a broken one is a clean error naming the file. */
export async function readJson(archive: Archive, entry: ArchiveEntry): Promise<unknown> {
  const buf = await archive.read(entry);
  const text = buf
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!text) return [];
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportFileError(`${entry.name} is not valid JSON`);
  }
}
