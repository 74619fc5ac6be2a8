import { describe, expect, it } from 'vitest';
import { bearer } from './factories';
import { appWithMember, fillParams } from './route-walk';

/**
 * Private answers are never stored by a browser or a shared cache (ADR 150): every GET whose
 * access is signed-in or owner answers `Cache-Control: no-store`, whatever its status. Walked
 * over the route table, so tomorrow's route is covered too.
 */
const ctx = appWithMember();
const fill = (url: string) => fillParams(url);

describe('private answers', () => {
  it('every signed-in and owner GET answers no-store', async () => {
    const routes = ctx.t.app.routeAccess.filter(
      (r) => r.method === 'GET' && (r.access === 'signed-in' || r.access === 'owner'),
    );
    expect(routes.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const route of routes) {
      const res = await ctx.t.app.inject({
        method: 'GET',
        url: fill(route.url),
        headers: bearer(ctx.token),
      });
      if (!String(res.headers['cache-control'] ?? '').includes('no-store'))
        missing.push(`${route.url} ${res.statusCode} ${res.headers['cache-control'] ?? '-'}`);
    }
    expect(missing).toEqual([]);
  });

  it('GET /auth/me, sessions and own stats answer no-store, 401 included', async () => {
    for (const url of ['/api/auth/me', '/api/auth/sessions', '/api/stats/me']) {
      const res = await ctx.t.app.inject({ method: 'GET', url, headers: bearer(ctx.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('a public catalogue answer stays cacheable', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/shows' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('no-store');
  });
});
