import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { bearer, registerUser } from '../../../test/factories';

let t: TestApp;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'avatars-'));
  t = await buildTestApp({ uploadDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

const call = caller(() => t.app);

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });

/** Every file under the upload folder (relative paths). */
async function stored(): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(uploadDir, full));
    }
  }
  await walk(uploadDir);
  return out.sort();
}

/** A photo-like JPEG (noise, 900 x 600) carrying EXIF with a camera and a GPS position. */
async function realJpeg(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5)) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/**
 * A real decompression bomb: a valid 20,000 x 20,000 PNG (1-bit grey, all black) of about
 * 60 kB that decodes to 400 million pixels.
 */
function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/users/me/avatar', () => {
  it('turns a real JPEG into square WebP images without metadata, served with long cache headers', async () => {
    const u = await registerUser(t.app);
    const jpeg = await realJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(u.token, multipart(jpeg, 'holiday.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json().user.avatarUrl as string;
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${u.user.id}/[a-z0-9]+-256\\.webp$`));
    expect((await call(u.token, { url: '/api/auth/me' })).json().user.avatarUrl).toBe(avatarUrl);

    for (const size of [256, 64]) {
      const file = await t.app.inject({ url: avatarUrl.replace('-256.webp', `-${size}.webp`) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false);
    }
    expect(await stored()).toHaveLength(2);
  });

  it('reads the type from the content: a PNG named .jpg and sent as image/jpeg works', async () => {
    const u = await registerUser(t.app);
    const png = await sharp({
      create: {
        width: 300,
        height: 500,
        channels: 4,
        background: { r: 200, g: 30, b: 90, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const before = await stored();
    const res = await upload(u.token, multipart(png, 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ url: res.json().user.avatarUrl });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect((await stored()).length).toBe(before.length + 2);
  });

  it('replacing the avatar deletes the old files; removing it returns to the letter avatar', async () => {
    const u = await registerUser(t.app);
    const jpeg = await realJpeg();
    const first = (await upload(u.token, multipart(jpeg, 'a.jpg', 'image/jpeg'))).json().user
      .avatarUrl as string;
    const second = (await upload(u.token, multipart(jpeg, 'b.jpg', 'image/jpeg'))).json().user
      .avatarUrl as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    const mine = (await stored()).filter((f) =>
      f.startsWith(path.join('avatars', String(u.user.id))),
    );
    expect(mine).toHaveLength(2);

    const removed = await call(u.token, { method: 'DELETE', url: '/api/users/me/avatar' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatarUrl).toBeNull();
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
    expect(
      (await stored()).filter((f) => f.startsWith(path.join('avatars', String(u.user.id)))),
    ).toEqual([]);
  });

  it("deleting the account deletes the member's avatar folder on disk, and nobody else's", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (const who of [u, other])
      expect(
        (await upload(who.token, multipart(await realJpeg(), 'a.jpg', 'image/jpeg'))).statusCode,
      ).toBe(200);
    // A file a failed delete left behind goes too: the whole folder is the member's.
    const stray = path.join(uploadDir, 'avatars', String(u.user.id), 'left-over-256.webp');
    await fs.writeFile(stray, 'x');
    const del = await call(u.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: u.password },
    });
    expect(del.statusCode).toBe(204);
    const files = await stored();
    expect(files.filter((f) => f.startsWith(path.join('avatars', String(u.user.id), '')))).toEqual(
      [],
    );
    expect(
      files.filter((f) => f.startsWith(path.join('avatars', String(other.user.id), ''))),
    ).toHaveLength(2);
  });

  describe('refuses, storing nothing and keeping the current avatar', () => {
    let token: string;
    let userId: number;
    let avatarUrl: string;
    beforeAll(async () => {
      const u = await registerUser(t.app);
      token = u.token;
      userId = u.user.id;
      avatarUrl = (await upload(token, multipart(await realJpeg(), 'me.jpg', 'image/jpeg'))).json()
        .user.avatarUrl;
    });

    async function expectRefused(
      body: ReturnType<typeof multipart>,
      status: number,
      message: string,
    ) {
      const before = await stored();
      const res = await upload(token, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(message);
      expect(await stored()).toEqual(before);
      const row = await t.db.kysely
        .selectFrom('users')
        .select('avatar_url')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.avatar_url).toBe(avatarUrl);
    }

    it('a text file named .png', () =>
      expectRefused(
        multipart(
          Buffer.from('I am not an image at all, just words.\n'.repeat(20)),
          'cat.png',
          'image/png',
        ),
        400,
        accountMessages.avatarType,
      ));

    it('an SVG (an image, but not one of the four kinds)', () =>
      expectRefused(
        multipart(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          ),
          'a.svg',
          'image/svg+xml',
        ),
        400,
        accountMessages.avatarType,
      ));

    it('a 20 MB image (413)', () => {
      const big = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.alloc(20 * 1024 * 1024, 7),
      ]);
      return expectRefused(
        multipart(big, 'big.jpg', 'image/jpeg'),
        413,
        accountMessages.avatarTooLarge,
      );
    });

    it('a decompression bomb (20,000 x 20,000 px in a small file)', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectRefused(
        multipart(bomb, 'bomb.png', 'image/png'),
        400,
        accountMessages.avatarTooManyPixels,
      );
    });

    it('a truncated JPEG', async () => {
      const jpeg = await realJpeg();
      await expectRefused(
        multipart(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg'),
        400,
        accountMessages.avatarDamaged,
      );
    });

    it('a truncated PNG', async () => {
      const raw = Buffer.alloc(400 * 400 * 3);
      for (let i = 0; i < raw.length; i++) raw[i] = (i * 31) % 256;
      const png = await sharp(raw, { raw: { width: 400, height: 400, channels: 3 } })
        .png()
        .toBuffer();
      await expectRefused(
        multipart(png.subarray(0, Math.floor(png.length * 0.6)), 'cut.png', 'image/png'),
        400,
        accountMessages.avatarDamaged,
      );
    });

    it('a part under another field name, and no multipart at all', async () => {
      await expectRefused(
        multipart(await realJpeg(), 'me.jpg', 'image/jpeg', 'picture'),
        400,
        accountMessages.avatarRequired,
      );
      const json = await call(token, {
        method: 'POST',
        url: '/api/users/me/avatar',
        payload: { file: 'nope' },
      });
      expect(json.statusCode).toBe(415);
    });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      ...multipart(Buffer.from('x'), 'a.png', 'image/png'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves nothing outside the upload keys', async () => {
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/secret',
      '/uploads/avatars/1/NOPE.webp',
      '/uploads/',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
