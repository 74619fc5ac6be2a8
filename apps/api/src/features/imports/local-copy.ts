import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { importMessages } from '@series-tracker/contracts';
import { ImportFileError } from './import-records';
import type { ImportsServiceOptions } from './imports.options';

export interface LocalCopy {
  file: string;
  release(): Promise<void>;
}

/**
 * The upload as a file on this server's disk (the readers seek in ZIP archives): the stored
 * file itself with a local store; from a bucket, a scratch copy in this server's IMPORT_DIR,
 * streamed down (never whole in memory) and removed after the run.
 */
export async function localCopy(
  /** An import job's upload: a key in the import store, or a file on this server's disk. */
  payload: { key?: string; file?: string },
  options: Pick<ImportsServiceOptions, 'importFiles' | 'importDir'>,
): Promise<LocalCopy> {
  const none = async () => undefined;
  if (!payload.key) return { file: payload.file!, release: none };
  const store = options.importFiles;
  if (store.localPath) {
    const file = store.localPath(payload.key);
    if (!fs.existsSync(file)) throw new ImportFileError(importMessages.uploadGone);
    return { file, release: none };
  }
  const stored = await store.open(payload.key);
  if (!stored) throw new ImportFileError(importMessages.uploadGone);
  const dir = path.join(options.importDir, 'scratch');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const release = () => fs.promises.rm(file, { force: true });
  try {
    await pipeline(stored.body, fs.createWriteStream(file));
  } catch (err) {
    await release();
    throw err;
  }
  return { file, release };
}
