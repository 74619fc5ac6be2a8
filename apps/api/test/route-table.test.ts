import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from '../src/plugins/auth';
import { accessPlugin } from '../src/platform/access';
import { bearer } from './factories';
import { appWithMember, fillParams, isMutating } from './route-walk';

/**
 * Generated from the route table, so a route added tomorrow is covered without anyone
 * remembering to add it here.
 */
const ctx = appWithMember();
const fill = fillParams;
const mutating = isMutating;

describe('route table', () => {
  it('declares access on every API route', () => {
    const table = ctx.t.app.routeAccess;
    expect(table.length).toBeGreaterThan(40);
    for (const route of table)
      expect(route.access).toMatch(/^(public|viewer|signed-in|owner|moderator)$/);
    // The few public writes: those that create a session, and the three an emailed link or a
    // forgotten password needs (each limited per address; a token or an address decides), and
    // the media-server webhook, whose secret URL is the credential (ADR 161), and
    // one-click unsubscribe from alert mails (the mailed token decides; ADR 160), the second
    // factor and passkey steps that finish a sign-in (a challenge token decides; ADR 173), and
    // Trakt apps' OAuth endpoints, where the device code, authorization code or refresh token
    // is the credential (ADR 170).
    const publicWrites = table
      .filter((r) => mutating(r.method) && r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicWrites.sort()).toEqual([
      'POST /api/alerts/unsubscribe',
      'POST /api/auth/2fa',
      'POST /api/auth/2fa/passkey',
      'POST /api/auth/2fa/passkey/options',
      'POST /api/auth/finish-registration',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/oidc/exchange',
      'POST /api/auth/passkey',
      'POST /api/auth/passkey/options',
      'POST /api/auth/register',
      'POST /api/auth/reset-password',
      'POST /api/auth/undo-email-change',
      'POST /api/auth/verify-email',
      'POST /api/scrobble/:secret/:server',
      'POST /trakt/oauth/device/code',
      'POST /trakt/oauth/device/token',
      'POST /trakt/oauth/revoke',
      'POST /trakt/oauth/token',
    ]);
  });

  it('API tokens may write only to tracking routes (ADR 161)', () => {
    const tokenWrites = ctx.t.app.routeAccess
      .filter((r) => mutating(r.method) && r.tokens === 'write:tracking')
      .map((r) => r.url);
    expect(tokenWrites.length).toBeGreaterThan(5);
    // Trakt apps' tokens (ADR 170) write the same things through Trakt's calls (ADR 172).
    for (const url of tokenWrites)
      expect(url).toMatch(
        /^\/(api\/(user-content-status|episodes|favorites|plays)|trakt\/(scrobble|checkin|sync))(\/|$)/,
      );
  });

  it('API tokens never reach the full export or any moderator route: they need a session', () => {
    const sessionOnly = (method: string, url: string) =>
      ctx.t.app.routeAccess.find((r) => r.method === method && r.url === url)?.tokens;
    expect(sessionOnly('GET', '/api/users/me/export')).toBe('never');
    const moderatorRoutes = ctx.t.app.routeAccess.filter((r) => r.access === 'moderator');
    expect(moderatorRoutes.length).toBeGreaterThan(2);
    for (const r of moderatorRoutes) expect(r.tokens, `${r.method} ${r.url}`).toBe('never');
  });

  it('describes the success response of every route, so bodies go out through a contract', () => {
    // A redirect is the success of the single sign-on start and callback (ADR 174).
    const undescribed = ctx.t.app.routeAccess
      // A redirect (Trakt's /oauth/authorize, the SSO start and callback) describes its 302/303.
      .filter((r) => !r.responses.some((status) => /^(2\d\d|30[23])$/.test(status)))
      .map((r) => `${r.method} ${r.url}`);
    expect(undescribed).toEqual([]);
  });

  it('every mutating route that is not public answers 401 to an anonymous request', async () => {
    const guarded = ctx.t.app.routeAccess.filter(
      (r) => mutating(r.method) && r.access !== 'public',
    );
    expect(guarded.length).toBeGreaterThan(8);
    for (const route of guarded) {
      for (const payload of [undefined, {}, { junk: true }]) {
        const res = await ctx.t.app.inject({
          method: route.method as 'POST',
          url: fill(route.url, '1'),
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
  });

  it('every signed-in or owner GET answers 401 to an anonymous request', async () => {
    const reads = ctx.t.app.routeAccess.filter(
      (r) =>
        r.method === 'GET' &&
        (r.access === 'signed-in' || r.access === 'owner' || r.access === 'moderator'),
    );
    expect(reads.length).toBeGreaterThan(4);
    for (const route of reads) {
      const res = await ctx.t.app.inject({ url: fill(route.url, '1') });
      expect(res.statusCode, route.url).toBe(401);
    }
  });

  it('no route answers 500 to junk, signed in or not', async () => {
    const junkIds = ['0', '-1', 'abc', '99999999999999999999', '%00', "1'--"];
    for (const route of ctx.t.app.routeAccess) {
      for (const id of junkIds) {
        for (const headers of [{}, bearer(ctx.token)]) {
          const res = await ctx.t.app.inject({
            method: route.method as 'GET',
            url: fill(route.url, encodeURIComponent(id)),
            headers,
            ...(mutating(route.method) ? { payload: { junk: id, showId: id, status: id } } : {}),
            query: { limit: id, offset: id, q: id, sort: id, status: id },
          });
          expect(res.statusCode, `${route.method} ${route.url} with ${id}`).toBeLessThan(500);
        }
      }
    }
  });

  it('every API route is in the OpenAPI document', async () => {
    const doc = (await ctx.t.app.inject({ url: '/api/docs/json' })).json();
    const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const route of ctx.t.app.routeAccess) {
      const documented = doc.paths[openApiPath(route.url)];
      expect(documented, route.url).toBeDefined();
      const op = documented[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      // Routes that read the viewer say so in the document.
      if (route.access !== 'public') expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});

describe('access declaration', () => {
  it('an API route that declares no access fails to register', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      authService: { resolveToken: async () => null } as never,
    });
    await app.register(accessPlugin);
    // Inside a feature plugin, as the real routes are: registration fails, so the app never starts.
    const start = async () => {
      await app.register(async (api) => {
        api.get('/api/undeclared', async () => ({ ok: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/undeclared declares no access/);
  });

  it('a declared route registers, and signed-in routes get the 401 check', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      authService: { resolveToken: async () => null } as never,
    });
    await app.register(accessPlugin);
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.get('/api/closed', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/closed' })).statusCode).toBe(401);
    await app.close();
  });
});
