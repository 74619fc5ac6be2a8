import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';

/*
 * A page URL gets index.html with its screen's code announced (ADR 185): the web build's
 * route-preloads.json names, per React Router pattern, the chunks beyond the entry, and the
 * server puts them into the head as modulepreload links. The dist folder is a stand-in shaped
 * like the build's output.
 */

const page =
  '<!doctype html><html><head><title>Series Tracker</title>' +
  '<script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const preloads = [
  { path: '', files: ['/assets/home-H1.js'] },
  { path: 'show/:id', files: ['/assets/show-S1.js', '/assets/carousel-C1.js'] },
  { path: 'profile/:username/followers', files: ['/assets/profile-people-P1.js'] },
  // Not a chunk of ours: never written into the page.
  { path: 'reviews', files: ['/assets/x.js"><script>alert(1)</script>'] },
  { path: 'lists', files: ['https://elsewhere.example/evil.js'] },
];

let spa: TestApp;
let distDir: string;

const links = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-preloads-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), page);
  fs.writeFileSync(path.join(distDir, 'route-preloads.json'), JSON.stringify(preloads));
  spa = await buildTestApp({ webDistDir: distDir });
});

afterAll(async () => {
  await spa.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("a page's own code, announced in its head", () => {
  it.each([
    ['/show/82', ['/assets/show-S1.js', '/assets/carousel-C1.js']],
    ['/show/82/', ['/assets/show-S1.js', '/assets/carousel-C1.js']],
    ['/Show/82?tab=episodes', ['/assets/show-S1.js', '/assets/carousel-C1.js']],
    ['/', ['/assets/home-H1.js']],
    ['/profile/ana/followers', ['/assets/profile-people-P1.js']],
    // No screen of its own (the router's not-found page is in the entry), or not a chunk.
    ['/no-such-page', []],
    ['/show', []],
    ['/reviews', []],
    ['/lists', []],
  ])('%s preloads %j', async (url, expected) => {
    const res = await spa.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(links(res.body)).toEqual(expected);
    // The page is otherwise the build's, links in the head.
    expect(
      res.body.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s*<\/head>/, '</head>'),
    ).toBe(page);
  });

  it('leaves index.html itself as built: the offline shell announces no screen', async () => {
    const res = await spa.app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page);
  });

  it('is compressed for a client that accepts it, and answers 304 to its own ETag', async () => {
    const res = await spa.app.inject({
      url: '/show/7',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(links(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual([
      '/assets/show-S1.js',
      '/assets/carousel-C1.js',
    ]);
    const again = await spa.app.inject({
      url: '/show/8',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Another screen is another page: its ETag differs.
    const home = await spa.app.inject({ url: '/' });
    expect(home.headers.etag).not.toBe(res.headers.etag);
  });
});
