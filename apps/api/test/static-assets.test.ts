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
