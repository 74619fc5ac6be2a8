import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';

/*
 * The built web app as the server sends it (issue 8 §8, ADR 020): fingerprinted assets
 * precompressed and cached for a year, the page itself revalidated on every load.
 * The dist folder is a small stand-in shaped like Vite's output with the precompress plugin.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const style = `body { color: white; }\n`.repeat(100);
const page = '<!doctype html><title>Series Tracker</title><div id="root"></div>';

let spa: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-static-'));
  const assets = path.join(distDir, 'assets');
  fs.mkdirSync(assets);
  fs.writeFileSync(path.join(distDir, 'index.html'), page);
  fs.writeFileSync(path.join(distDir, 'index.html.br'), zlib.brotliCompressSync(page));
  fs.writeFileSync(path.join(assets, 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(assets, 'index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, 'index-AbC123.js.gz'), zlib.gzipSync(script));
  // Only a gzip copy: a client that accepts both still gets a compressed file.
  fs.writeFileSync(path.join(assets, 'index-DeF456.css'), style);
  fs.writeFileSync(path.join(assets, 'index-DeF456.css.gz'), zlib.gzipSync(style));
  fs.writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Series Tracker"}');
  spa = await buildTestApp({ webDistDir: distDir });
});

afterAll(async () => {
  await spa.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** GET `url` as a browser that accepts `encodings` (none: no compression). */
const fetchAs = (url: string, encodings?: string) =>
  spa.app.inject({ url, headers: encodings ? { 'accept-encoding': encodings } : {} });

describe('fingerprinted assets', () => {
  it('sends the brotli file to a client that accepts br, cached for a year', async () => {
    const res = await fetchAs('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await fetchAs('/assets/index-AbC123.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to the next encoding the client accepts when one copy is missing', async () => {
    const res = await fetchAs('/assets/index-DeF456.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(style);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await fetchAs('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(script);
  });

  it('answers a missing asset with a 404, never the page', async () => {
    const res = await fetchAs('/assets/index-Old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('the page', () => {
  it.each(['/', '/index.html', '/search?q=breaking', '/show/82', '/no-such-page'])(
    '%s is index.html, compressed, revalidated on every load',
    async (url) => {
      const res = await fetchAs(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    },
  );
});

describe('the page without compression', () => {
  it('is sent plain to a client that accepts none, still no-cache', async () => {
    const res = await fetchAs('/show/82');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page);
  });
});

describe('the installable app (ADR 162)', () => {
  it('sends the service worker as a script that browsers always revalidate', async () => {
    const res = await fetchAs('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest with its own type, revalidated too', async () => {
    const res = await fetchAs('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('unknown API paths beside the SPA', () => {
  it('are a JSON 404 even when the client accepts compressed files', async () => {
    const res = await fetchAs('/api/no-such-thing', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('the page and manifest in the visitor’s language (issue 31)', () => {
  let localized: TestApp;
  let dir: string;
  const shellPage =
    '<!doctype html>\n<html lang="en" class="bg-slate-950">\n<head>\n<meta\n  name="description"\n  content="Series Tracker: track every episode."\n/>\n<title>Series Tracker</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-shell-'));
    fs.writeFileSync(path.join(dir, 'index.html'), shellPage);
    fs.writeFileSync(
      path.join(dir, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Series Tracker', description: 'Track every episode.' }),
    );
    localized = await buildTestApp({ webDistDir: dir });
  });

  afterAll(async () => {
    await localized.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    localized.app.inject({ url, headers });

  it('is English, left to right, without a language asked for', async () => {
    const res = await get('/show/82');
    expect(res.body).toContain('<html lang="en" dir="ltr" class="bg-slate-950">');
    expect(res.body).toContain("track every episode and share what's worth watching");
  });

  it('follows the browser’s Accept-Language, and says it varies by it', async () => {
    const res = await get('/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(res.body).toContain('<html lang="de" dir="ltr"');
    expect(res.body).toContain('Verfolge jede Folge');
    expect(String(res.headers['vary'])).toMatch(/Accept-Language/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('prefers the language chosen in the menu (its cookie) over the browser’s', async () => {
    const res = await get('/lists', { 'accept-language': 'de', cookie: 'a=1; st_locale=ar' });
    expect(res.body).toContain('<html lang="ar" dir="rtl"');
  });

  it('ignores a cookie naming a language we do not have', async () => {
    const res = await get('/', { 'accept-language': 'ja', cookie: 'st_locale=xx' });
    expect(res.body).toContain('<html lang="ja" dir="ltr"');
  });

  it('sends each language compressed when the browser accepts it', async () => {
    const res = await get('/search', { 'accept-language': 'fr', 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('lang="fr"');
  });

  it('gives the manifest the language, its direction and a translated description', async () => {
    const res = await get('/manifest.webmanifest', { 'accept-language': 'ar' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({
      name: 'Series Tracker',
      lang: 'ar',
      dir: 'rtl',
      description: 'تابع كل حلقة وشارك ما يستحق المشاهدة.',
    });
  });
});
