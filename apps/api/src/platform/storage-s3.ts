import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isStorageKey, isStoragePrefix, StorageUnavailableError, type Storage } from './storage';
import type { S3Settings } from '../config';

export type { S3Settings };

/** One S3 client per process; both stores (avatars, import uploads) share it. */
export function createS3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A request waits for an unreachable store a bounded time, then the caller answers 503.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
  });
}

/** Bigger than S3's 5 MiB minimum part; at most `queueSize` parts are in memory at once. */
const partSize = 5 * 1024 * 1024;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * The store answered nothing usable (refused, timed out, 5xx, throttled): a StorageUnavailable
 * 503. A 4xx other than a missing key is a configuration mistake (bucket, credentials) and
 * stays a 500 that gets logged.
 */
function unavailable(err: unknown): unknown {
  if (err instanceof StorageUnavailableError) return err;
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode ?? 0;
    return status >= 500 || status === 429 || status === 0 ? new StorageUnavailableError(err) : err;
  }
  const { code, name } = (err ?? {}) as { code?: string; name?: string };
  const network =
    (code && networkCodes.has(code)) || name === 'TimeoutError' || name === 'RequestTimeout';
  // Anything else (the incoming upload stream failing, say) is the caller's to handle.
  return network ? new StorageUnavailableError(err) : err;
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * Files in an S3-compatible bucket under `keyPrefix` (ADR 140). With `publicUrl`, URLs point
 * straight at the bucket (or its CDN); otherwise at `urlPrefix`, which the app serves by
 * streaming from the bucket (features/account uploadsRoutes).
 */
export function createS3Storage(
  client: S3Client,
  s: Pick<S3Settings, 'bucket' | 'publicUrl'>,
  options: { keyPrefix?: string; urlPrefix?: string } = {},
): Storage {
  const keyPrefix = options.keyPrefix ?? '';
  const urlPrefix = s.publicUrl
    ? `${s.publicUrl.replace(/\/+$/, '')}/${keyPrefix}`
    : (options.urlPrefix ?? '/uploads/');
  const Bucket = s.bucket;
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return `${keyPrefix}${key}`;
  };

  async function open(key: string) {
    if (!isStorageKey(key)) return null;
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: res.ContentLength ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw unavailable(err);
    }
  }

  return {
    async put(key, body, contentType) {
      // A stream goes up in parts (multipart upload past one part); an upload that fails
      // part-way is aborted by the SDK, so no half object is left visible.
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body, ContentType: contentType },
        partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        throw unavailable(err);
      }
    },
    async read(key) {
      const file = await open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      try {
        for await (const c of file.body) chunks.push(c as Buffer);
      } catch (err) {
        throw unavailable(err);
      }
      return Buffer.concat(chunks);
    },
    open,
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (err) {
        if (!isMissing(err)) throw unavailable(err);
      }
    },
    async deletePrefix(prefix) {
      if (!isStoragePrefix(prefix)) throw new Error(`invalid storage prefix ${prefix}`);
      try {
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: `${keyPrefix}${prefix}`,
              ContinuationToken: token,
            }),
          );
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
          if (keys.length)
            await client.send(
              new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
            );
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (err) {
        throw unavailable(err);
      }
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    url: (key) => `${urlPrefix}${key}`,
    keyOf(url) {
      // Avatars stored before S3_PUBLIC_URL was set still point at /uploads/.
      for (const prefix of new Set([urlPrefix, options.urlPrefix ?? '/uploads/'])) {
        if (!url.startsWith(prefix)) continue;
        const key = url.slice(prefix.length);
        return isStorageKey(key) ? key : null;
      }
      return null;
    },
  };
}
