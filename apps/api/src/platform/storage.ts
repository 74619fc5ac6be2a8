import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes, storageMessages } from '@series-tracker/contracts';
import { AppError } from '../lib/errors';

/** A stored file opened for reading: its bytes as a stream, never whole in memory. */
export interface StoredFile {
  body: Readable;
  /** Bytes, when the store knows them. */
  size: number | null;
}

/**
 * Where uploaded files live: avatars, and import uploads until their job has read them (ADR
 * 140). Keys are slash-separated relative names chosen by the server
 * ('avatars/12/abc-256.webp', '12/5f0c….upload'), never by a client; a member's files sit
 * under a folder named by their id, so deleting the account deletes that folder. Two
 * implementations: a local folder (the default, createLocalStorage) and an S3-compatible
 * bucket (storage-s3.ts), chosen in the composition root from the environment.
 */
export interface Storage {
  /** Stores a whole buffer or a stream (streams are never buffered whole). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a folder: ends with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
  /** The key behind a URL this storage made, or null for any other URL. */
  keyOf(url: string): string | null;
  /** The file's path on this server's disk: local storage only (readers that need to seek). */
  localPath?(key: string): string;
  /** Whether a remote store answers (readiness); local storage has none. */
  ping?(): Promise<void>;
}

/** Server-made keys only: lowercase words, digits, dashes, dots and slashes, no `..`. */
export const storageKeyPattern = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*$/;

export const isStorageKey = (key: string) =>
  key.length <= 200 && storageKeyPattern.test(key) && !key.includes('..');

/** A folder prefix of server-made keys ('avatars/12/'). */
export const isStoragePrefix = (prefix: string) =>
  prefix.endsWith('/') && isStorageKey(prefix.slice(0, -1));

/**
 * The store could not be reached (S3 down, refused, timed out): nothing was stored and trying
 * again later is safe. Answered 503 with Retry-After (plugins/errors.ts).
 */
export class StorageUnavailableError extends AppError {
  constructor(readonly reason?: unknown) {
    super(503, errorCodes.unavailable, storageMessages.unavailable);
    this.name = 'StorageUnavailableError';
  }
}

/** Files under `root`, served by the app at `/uploads/<key>` (app.ts). */
export function createLocalStorage(root: string, urlPrefix = '/uploads/'): Storage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, ...key.split('/'));
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
        else await pipeline(body, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const fh = await fs.promises.open(fileOf(key), 'r');
        const { size } = await fh.stat();
        return { body: fh.createReadStream(), size };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!isStoragePrefix(prefix)) throw new Error(`invalid storage prefix ${prefix}`);
      await fs.promises.rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    url: (key) => `${urlPrefix}${key}`,
    keyOf(url) {
      if (!url.startsWith(urlPrefix)) return null;
      const key = url.slice(urlPrefix.length);
      return isStorageKey(key) ? key : null;
    },
    localPath: fileOf,
  };
}
