import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';

let t: TestApp;
let spa: TestApp;
let distDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Series Tracker</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  spa = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  await spa.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports ok and which database is in use', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nope', '/api', '/api/auth/unknown/deeper'])(
    '%s is a JSON 404, never the SPA',
    async (url) => {
      for (const app of [t.app, spa.app]) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    },
  );

  it('a wrong method on a known path is a JSON 404 too', async () => {
    const res = await spa.app.inject({ method: 'DELETE', url: '/api/auth/me' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('single-page app', () => {
  it.each(['/', '/watchlist', '/show/42', '/profile/some-user?tab=lists'])(
    'serves index.html for %s',
    async (url) => {
      const res = await spa.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const res = await spa.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const res = await spa.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  // Every route's presence in the document is checked from the route table (route-table.test.ts).
  it('is OpenAPI 3 with request bodies taken from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('username');
  });

  it('serves the documentation UI', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
