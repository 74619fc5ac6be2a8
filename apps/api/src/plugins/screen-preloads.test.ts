import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readScreenPreloads, screenOf } from './screen-preloads';

// The page for a main screen preloads that screen's code (issue 32, ADR 187), from the
// route-preloads.json the web build writes; any other page is the plain shell.
let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-preloads-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>Series Tracker</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(distDir, 'route-preloads.json'),
    JSON.stringify({
      home: ['/assets/home-a1.js', '/assets/hero-b2.js'],
      show: ['/assets/show-c3.js'],
      settings: ['/assets/settings-d4.js'],
    }),
  );
  t = await buildTestApp({ webDistDir: distDir });
});
afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
  return t.close();
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
};
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('screen preloads in the page', () => {
  it("lists the screen's files in the head for home and a show, in every language", async () => {
    const home = await page('/');
    expect(preloads(home)).toEqual(['/assets/home-a1.js', '/assets/hero-b2.js']);
    expect(home.indexOf('modulepreload')).toBeLessThan(home.indexOf('</head>'));
    expect(preloads(await page('/show/80?tab=episodes'))).toEqual(['/assets/show-c3.js']);
    const german = await page('/show/80', { 'accept-language': 'de' });
    expect(german).toContain('<html lang="de"');
    expect(preloads(german)).toEqual(['/assets/show-c3.js']);
  });

  it('adds nothing to a page that is not a main screen, or a screen the build did not list', async () => {
    expect(preloads(await page('/settings'))).toEqual([]);
    expect(preloads(await page('/reviews'))).toEqual([]);
    expect(preloads(await page('/show/not-a-number'))).toEqual([]);
  });

  it('maps paths to screens and ignores a damaged or hostile preload file', () => {
    expect(screenOf('/')).toBe('home');
    expect(screenOf('/episode/5')).toBe('episode');
    expect(screenOf('/search?q=x')).toBe('search');
    expect(screenOf('/list/3/')).toBe('list');
    expect(screenOf('/lists/create')).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-preloads-bad-'));
    try {
      expect(readScreenPreloads(dir)).toEqual({});
      fs.writeFileSync(path.join(dir, 'route-preloads.json'), '{not json');
      expect(readScreenPreloads(dir)).toEqual({});
      fs.writeFileSync(
        path.join(dir, 'route-preloads.json'),
        JSON.stringify({ home: ['/assets/ok.js'], show: ['"><script>alert(1)</script>'] }),
      );
      expect(readScreenPreloads(dir)).toEqual({ home: ['/assets/ok.js'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
