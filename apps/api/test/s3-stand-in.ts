import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, GetObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';
import { createS3Client } from '../src/platform/storage-s3';

/** Loopback ports an S3 stand-in may take on this machine (one per test file at a time). */
const ports = [9000, 9001, 9002, 9003, 9004, 9005, 9006, 9007, 9008, 9009];

export interface S3StandIn {
  /** Settings an app config takes (bucket on the stand-in, path style). */
  settings: S3Settings;
  /** Every object key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  bytes(key: string): Promise<Buffer>;
  /** Stops answering (connections refused) until `up()`; the stored objects stay. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from the npm registry) on 127.0.0.1 with one bucket,
 * storing its objects in a temporary folder. Outside services are tested against stand-ins.
 */
export async function startS3StandIn(bucket = 'series-tracker-test'): Promise<S3StandIn> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3-stand-in-'));
  let server: S3rver | null = null;
  let port = 0;
  const start = async (at: number) => {
    const s = new S3rver({
      address: '127.0.0.1',
      port: at,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    await s.run();
    server = s;
  };
  for (const candidate of ports) {
    try {
      await start(candidate);
      port = candidate;
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  if (!port) throw new Error('no free port in 9000-9009 for the S3 stand-in');
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicUrl: null,
  };
  const client = createS3Client(settings);
  return {
    settings,
    async keys(prefix = '') {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async bytes(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async down() {
      await server?.close();
      server = null;
    },
    async up() {
      if (!server) await start(port);
    },
    async close() {
      client.destroy();
      await server?.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
