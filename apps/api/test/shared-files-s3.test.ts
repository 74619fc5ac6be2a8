import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCodes, importMessages, storageMessages } from '@series-tracker/contracts';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { ERASE_FILES_JOB } from '../src/features/account/account.service';
import { testConfig } from './build-test-app';
import { bearer, registerUser } from './factories';
import { seedImportCatalogue, tvtimeMembers, zipFile } from './import-fixtures';
import { multipart, upload, waitForImport } from './import-helpers';
import { startS3StandIn, type S3StandIn } from './s3-stand-in';
import { createTestDb, memberRows } from './test-db';

/**
 * Shared files on an S3-compatible bucket (ADR 140), two app servers on one database and one
 * bucket (a local s3rver): avatars uploaded on one server are served by the other, an import
 * uploaded on one is read by the other's job, a deleted account's objects go, and a bucket
 * that does not answer is a 503 that changes nothing.
 */
let db: Awaited<ReturnType<typeof createTestDb>>;
let s3: S3StandIn;
let cat: Awaited<ReturnType<typeof seedImportCatalogue>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-files-'));
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  [db, s3] = await Promise.all([createTestDb(), startS3StandIn()]);
  cat = await seedImportCatalogue(db);
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await s3.close();
  await db.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** An app server with its own local folders (which must stay empty) and the shared bucket. */
async function server(name: string, overrides: Partial<AppConfig> = {}) {
  const app = await buildApp({
    config: testConfig({
      s3: s3.settings,
      uploadDir: path.join(tmp, name, 'uploads'),
      importDir: path.join(tmp, name, 'imports'),
      ...overrides,
    }),
    db,
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** Every file under a server's local folder (relative paths). */
function localFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function image(color: number) {
  return sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: color, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}

function avatarBody(png: Buffer) {
  const boundary = `----s3${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const putAvatar = async (app: FastifyInstance, token: string, png: Buffer) => {
  const body = avatarBody(png);
  return app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

const avatarOf = async (userId: number) =>
  (
    await db.kysely
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', userId)
      .executeTakeFirst()
  )?.avatar_url;

describe('avatars in the bucket', () => {
  it('are uploaded on one server, served by another, replaced, and deleted with the account', async () => {
    const [a, b] = [await server('avatar-a'), await server('avatar-b')];
    const ann = await registerUser(a);
    const bob = await registerUser(a);

    const first = await putAvatar(a, ann.token, await image(200));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().user.avatarUrl as string;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/avatars/${ann.user.id}/[a-z0-9]+-256\\.webp$`));
    const firstKeys = await s3.keys(`avatars/${ann.user.id}/`);
    expect(firstKeys).toHaveLength(2);

    // The other server streams it from the bucket with the same long cache headers.
    for (const size of [256, 64]) {
      const url = firstUrl.replace('-256.webp', `-${size}.webp`);
      const res = await b.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.rawPayload.equals(await s3.bytes(url.slice('/uploads/'.length)))).toBe(true);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: size, height: size });
    }

    // Replaced on the second server: the old objects go, the old address is a 404 on both.
    const second = await putAvatar(b, ann.token, await image(20));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().user.avatarUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    const secondKeys = await s3.keys(`avatars/${ann.user.id}/`);
    expect(secondKeys).toHaveLength(2);
    expect(secondKeys.some((k) => firstKeys.includes(k))).toBe(false);
    expect((await a.inject({ url: firstUrl })).statusCode).toBe(404);
    expect((await a.inject({ url: secondUrl })).statusCode).toBe(200);

    // Bob's avatar, and an upload of Ann's still waiting for its import job (no worker runs).
    expect((await putAvatar(a, bob.token, await image(90))).statusCode).toBe(200);
    const pending = await upload(a, ann.token, await zipFile('wait.zip', tvtimeMembers()));
    expect(pending.statusCode).toBe(202);
    const [pendingKey] = await s3.keys(`imports/${ann.user.id}/`);
    expect(pendingKey).toBeDefined();
    // A pending upload shares the bucket but is never served, even to someone with its key.
    for (const url of [
      `/uploads/${pendingKey}`,
      `/uploads/${pendingKey!.slice('imports/'.length)}`,
    ])
      expect((await b.inject({ url })).statusCode).toBe(404);

    const del = await a.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: ann.password },
      headers: bearer(ann.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await s3.keys(`avatars/${ann.user.id}/`)).toEqual([]);
    expect(await s3.keys(`imports/${ann.user.id}/`)).toEqual([]);
    expect((await b.inject({ url: secondUrl })).statusCode).toBe(404);
    // Nobody else's files go.
    expect(await s3.keys(`avatars/${bob.user.id}/`)).toHaveLength(2);
    // Nothing was written to either server's own folders.
    for (const name of ['avatar-a', 'avatar-b'])
      expect(localFiles(path.join(tmp, name))).toEqual([]);
  });

  it('point at S3_PUBLIC_URL when it is set; /uploads/ still streams older addresses', async () => {
    const publicUrl = `${s3.settings.endpoint}/${s3.settings.bucket}`;
    const app = await server('public', { s3: { ...s3.settings, publicUrl } });
    const u = await registerUser(app);
    const res = await putAvatar(app, u.token, await image(120));
    expect(res.statusCode).toBe(200);
    const url = res.json().user.avatarUrl as string;
    expect(url).toMatch(new RegExp(`^${publicUrl}/avatars/${u.user.id}/[a-z0-9]+-256\\.webp$`));
    const key = url.slice(publicUrl.length + 1);
    expect((await app.inject({ url: `/uploads/${key}` })).statusCode).toBe(200);
    // The page may load images from that (plain http) origin.
    const page = await app.inject({ url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).toContain(s3.settings.endpoint!);
    // Replacing it deletes the objects behind the public address.
    expect((await putAvatar(app, u.token, await image(121))).statusCode).toBe(200);
    expect(await s3.keys(key)).toEqual([]);
  });
});

describe('imports through the bucket', () => {
  it('an upload on server A is read by the job on server B (another IMPORT_DIR)', async () => {
    const a = await server('import-a');
    const b = await server('import-b');
    const ann = await registerUser(a);
    // A TV Time ZIP (read by seeking, so B takes a scratch copy) with a 12 MB member the
    // reader skips: the upload goes up in several parts and comes back streamed.
    const members: Record<string, string | Buffer> = {
      ...tvtimeMembers(),
      'export/padding.bin': randomBytes(12 * 1024 * 1024),
    };
    const file = await zipFile('tvtime-big.zip', members);
    const size = fs.statSync(file).size;
    expect(size).toBeGreaterThan(12 * 1024 * 1024);

    const res = await upload(a, ann.token, file);
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: string };
    const [key] = await s3.keys(`imports/${ann.user.id}/`);
    expect(key).toMatch(new RegExp(`^imports/${ann.user.id}/[0-9a-f-]{36}\\.upload$`));
    expect((await s3.bytes(key!)).equals(fs.readFileSync(file))).toBe(true);
    expect(localFiles(path.join(tmp, 'import-a'))).toEqual([]);

    // Only B has a worker.
    await b.services.jobs.start();
    const done = await waitForImport(b, ann.token, id);
    expect(done).toMatchObject({ status: 'done', source: 'tvtime' });
    expect(done.report).toMatchObject({ episodes: { marked: 3, unmatched: 1 } });
    const item = await db.kysely
      .selectFrom('watchlist_items')
      .select('status')
      .where('user_id', '=', ann.user.id)
      .where('show_id', '=', cat.nightShift.id)
      .executeTakeFirst();
    expect(item).toEqual({ status: 'dropped' });
    // The upload leaves the bucket and B's scratch copy its folder (as the job ends).
    await b.services.jobs.stop();
    expect(await s3.keys(`imports/${ann.user.id}/`)).toEqual([]);
    expect(localFiles(path.join(tmp, 'import-b'))).toEqual([]);
  });

  it('an upload gone from the bucket fails the import with a clear message', async () => {
    const a = await server('gone-a');
    const ann = await registerUser(a);
    const res = await upload(a, ann.token, await zipFile('gone.zip', tvtimeMembers()));
    expect(res.statusCode).toBe(202);
    await a.services.importFiles.deletePrefix(`${ann.user.id}/`);
    await a.services.jobs.start();
    const failed = await waitForImport(a, ann.token, (res.json() as { id: string }).id);
    expect(failed).toMatchObject({ status: 'failed', error: importMessages.uploadGone });
    await a.services.jobs.stop();
  });
});

describe('a bucket that does not answer', () => {
  it('is a 503 with Retry-After that writes nothing; deleting an account then finishes in a job', async () => {
    const app = await server('down');
    expect((await app.inject({ url: '/api/ready' })).json().checks.storage).toBe('ok');
    const ann = await registerUser(app);
    expect((await putAvatar(app, ann.token, await image(60))).statusCode).toBe(200);
    const avatarUrl = (await avatarOf(ann.user.id))!;
    const jobsBefore = await db.kysely.selectFrom('jobs').select('id').execute();

    await s3.down();
    try {
      const avatar = await putAvatar(app, ann.token, await image(61));
      expect(avatar.statusCode).toBe(503);
      expect(avatar.headers['retry-after']).toBeDefined();
      expect(avatar.json()).toEqual({
        error: storageMessages.unavailable,
        code: errorCodes.unavailable,
      });
      expect(await avatarOf(ann.user.id)).toBe(avatarUrl);

      const imp = await upload(app, ann.token, await zipFile('down.zip', tvtimeMembers()));
      expect(imp.statusCode).toBe(503);
      expect(imp.json().code).toBe(errorCodes.unavailable);
      const rows = await memberRows(db, 'imports', ann.user.id, ['id']);
      expect(rows).toEqual([]);
      expect(await db.kysely.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);

      const served = await app.inject({ url: avatarUrl });
      expect(served.statusCode).toBe(503);
      // Reported to the load balancer, but the server keeps its traffic: only files need it.
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.storage).toBe('down');

      // The account goes now; its files when the bucket is back (a job tries again).
      const del = await app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        payload: { password: ann.password },
        headers: bearer(ann.token),
      });
      expect(del.statusCode).toBe(204);
      expect(await avatarOf(ann.user.id)).toBeUndefined();
    } finally {
      await s3.up();
    }
    expect(await s3.keys(`avatars/${ann.user.id}/`)).toHaveLength(2);
    const queued = await db.kysely
      .selectFrom('jobs')
      .select(['id', 'state'])
      .where('name', '=', ERASE_FILES_JOB)
      .execute();
    expect(queued).toHaveLength(1);
    await app.services.jobs.start();
    await vi.waitFor(
      async () =>
        expect(await app.services.jobs.get(queued[0]!.id)).toMatchObject({ state: 'completed' }),
      { timeout: 10_000, interval: 50 },
    );
    expect(await s3.keys(`avatars/${ann.user.id}/`)).toEqual([]);
    await app.services.jobs.stop();
  });

  it('a server whose bucket refuses connections still answers the API (health, catalogue)', async () => {
    const app = await server('refused', {
      s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9', bucket: 'nowhere' },
    });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const u = await registerUser(app);
    const body = multipart({ name: 'x.zip', content: Buffer.from('PK') });
    const res = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(u.token) },
    });
    expect(res.statusCode).toBe(503);
  });
});
