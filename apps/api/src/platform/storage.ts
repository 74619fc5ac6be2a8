import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (avatars). Keys are slash-separated relative names chosen by the
 * server ('avatars/12/abc-256.webp'), never by a client. The local folder is the default; an
 * S3-compatible store can implement the same four calls (with `url` pointing at its public
 * address, and `read` unused).
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
  /** The key behind a URL this storage made, or null for any other URL. */
  keyOf(url: string): string | null;
}

/** Server-made keys only: lowercase words, digits, dashes, dots and slashes, no `..`. */
export const storageKeyPattern = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*$/;

export const isStorageKey = (key: string) =>
  key.length <= 200 && storageKeyPattern.test(key) && !key.includes('..');

/** Files under `root`, served by the app at `/uploads/<key>` (app.ts). */
export function createLocalStorage(root: string, urlPrefix = '/uploads/'): Storage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `${urlPrefix}${key}`,
    keyOf(url) {
      if (!url.startsWith(urlPrefix)) return null;
      const key = url.slice(urlPrefix.length);
      return isStorageKey(key) ? key : null;
    },
  };
}
