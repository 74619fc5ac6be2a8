import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import Trakt from 'trakt.tv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  moderationErrorCodes,
  traktOAuthErrorCodes,
  traktOAuthMessages,
  type ConnectedTraktApp,
} from '@series-tracker/contracts';
import { buildApp } from '../../app';
import { testConfig } from '../../../test/build-test-app';
import { registerUser } from '../../../test/factories';
import { createTestDb, memberRows } from '../../../test/test-db';

/*
 * OAuth for apps speaking the Trakt API (ADR 170), driven by the real npm client `trakt.tv`
 * against the server listening on loopback. Polls are 1 s apart here (TRAKT_DEVICE_INTERVAL_SECONDS).
 */

const examples = JSON.parse(
  readFileSync(
    new URL('../../../test/fixtures/trakt/oauth-examples.json', import.meta.url),
    'utf8',
  ),
) as Record<'deviceCode' | 'token' | 'invalidGrant', Record<string, unknown>>;

let app: FastifyInstance;
let db: Awaited<ReturnType<typeof createTestDb>>;
let origin: string;
let traktUrl: string;

beforeAll(async () => {
  db = await createTestDb();
  app = await buildApp({
    config: testConfig({
      publicUrl: 'http://tracker.test',
      trakt: { deviceIntervalSeconds: 1 },
    }),
    db,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  origin = `http://127.0.0.1:${address.port}`;
  traktUrl = `${origin}/trakt`;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const newClientId = () => randomBytes(32).toString('hex');

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const asMember = (session: string) => ({ authorization: `Bearer ${session}` });

/** Who a Trakt access token signs in: Trakt's own users/settings call names the member. */
async function whoIs(accessToken: string) {
  const res = await fetch(`${traktUrl}/users/settings`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      'trakt-api-key': 'x',
      'trakt-api-version': '2',
    },
  });
  const body = res.ok ? ((await res.json()) as { user: { username: string } }) : null;
  return { status: res.status, id: body?.user.username ?? null };
}

const decideDevice = (session: string, userCode: string, decision: 'approve' | 'deny') =>
  post('/api/trakt-apps/device', { userCode, decision }, asMember(session));

const pollRaw = (code: string, clientId: string) =>
  post('/trakt/oauth/device/token', { code, client_id: clientId, client_secret: 'secret' });

async function listApps(session: string): Promise<ConnectedTraktApp[]> {
  const res = await fetch(`${origin}/api/trakt-apps`, { headers: asMember(session) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ConnectedTraktApp[] }).data;
}

/** The app opens get_url(); the consent page gets the app's request from our redirect. */
async function authorizeRequest(url: string): Promise<Record<string, string>> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location.startsWith('/oauth/authorize?')).toBe(true);
  return Object.fromEntries(new URL(location, origin).searchParams);
}

describe('device code sign-in (Kodi, TMDbHelper, scripts)', () => {
  it('the app shows a code, the member approves it on /activate, the app is signed in', async () => {
    const member = await registerUser(app);
    // A client id we have never seen, shaped like nothing in particular: apps ship their own.
    const clientId = `my kodi script ${randomBytes(4).toString('hex')}`;
    const trakt = new Trakt({ client_id: clientId, client_secret: 'whatever', api_url: traktUrl });

    const codes = await trakt.get_codes();
    expect(codes).toEqual({
      device_code: expect.stringMatching(/^[0-9a-f]{64}$/),
      user_code: expect.stringMatching(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/),
      verification_url: 'http://tracker.test/activate',
      expires_in: 600,
      interval: 1,
    });
    // Only hashes are stored.
    const row = await db.kysely
      .selectFrom('trakt_device_codes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(codes.user_code);
    expect(JSON.stringify(row)).not.toContain(codes.device_code);

    // The member types it in lower case with a dash: it is the same code.
    const typed = `${codes.user_code.slice(0, 4).toLowerCase()}-${codes.user_code.slice(4)}`;
    const lookup = await post(
      '/api/trakt-apps/device/lookup',
      { userCode: typed },
      asMember(member.token),
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      clientId,
      userCode: `${codes.user_code.slice(0, 4)}-${codes.user_code.slice(4)}`,
    });

    const polling = trakt.poll_access(codes);
    const approved = await decideDevice(member.token, typed, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ clientId, decision: 'approve' });
    const token = await polling;
    expect(token).toMatchObject({ token_type: 'bearer', expires_in: 86_400, scope: 'public' });
    expect(await whoIs(token.access_token)).toEqual({ status: 200, id: member.user.username });

    // The code gave its token once: Trakt's 409 after that, on /activate too.
    expect((await pollRaw(codes.device_code, clientId)).status).toBe(409);
    const again = await decideDevice(member.token, codes.user_code, 'approve');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: traktOAuthErrorCodes.codeUsed,
      error: traktOAuthMessages.codeUsed,
    });

    const apps = await listApps(member.token);
    expect(apps).toEqual([
      {
        id: expect.any(Number),
        clientId,
        connectedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
  });

  it("answers Trakt's statuses: 400 pending, 429 too fast, 404 unknown, 418 denied, 410 expired", async () => {
    const member = await registerUser(app);
    const clientId = newClientId();
    const codes = async () =>
      (await post('/trakt/oauth/device/code', { client_id: clientId })).body;

    const waiting = await codes();
    const pending = await pollRaw(waiting.device_code, clientId);
    expect(pending.status).toBe(400);
    expect(pending.body).toEqual({
      error: 'authorization_pending',
      error_description: 'Pending - waiting for the user to authorize your app',
    });
    // Polled again at once, well inside the interval.
    expect((await pollRaw(waiting.device_code, clientId)).status).toBe(429);

    expect((await pollRaw(randomBytes(32).toString('hex'), clientId)).status).toBe(404);
    // Another app cannot collect this app's token.
    expect((await pollRaw(waiting.device_code, newClientId())).status).toBe(404);

    const refused = await codes();
    expect((await decideDevice(member.token, refused.user_code, 'deny')).status).toBe(200);
    expect((await pollRaw(refused.device_code, clientId)).status).toBe(418);
    expect((await decideDevice(member.token, refused.user_code, 'approve')).status).toBe(409);

    const late = await codes();
    await db.kysely
      .updateTable('trakt_device_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('state', '=', 'pending')
      .execute();
    expect((await pollRaw(late.device_code, clientId)).status).toBe(410);
    const expired = await post(
      '/api/trakt-apps/device/lookup',
      { userCode: late.user_code },
      asMember(member.token),
    );
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: traktOAuthErrorCodes.codeExpired,
      error: traktOAuthMessages.codeExpired,
    });
    // The real client gives up on anything but "pending".
    const trakt = new Trakt({ client_id: clientId, client_secret: 's', api_url: traktUrl });
    await expect(trakt.poll_access({ ...late, interval: 1 })).rejects.toThrow(/410/);

    const unknown = await post(
      '/api/trakt-apps/device/lookup',
      { userCode: 'ZZZZ-ZZZZ' },
      asMember(member.token),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(traktOAuthMessages.codeUnknown);
    const malformed = await post(
      '/api/trakt-apps/device/lookup',
      { userCode: 'O0I1' },
      asMember(member.token),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.userCode).toBe(traktOAuthMessages.codeShape);
  });

  it('a suspended member cannot approve an app; a signed-out visitor or an API token cannot either', async () => {
    const member = await registerUser(app);
    const clientId = newClientId();
    const codes = (await post('/trakt/oauth/device/code', { client_id: clientId })).body;

    const signedOut = await post('/api/trakt-apps/device', {
      userCode: codes.user_code,
      decision: 'approve',
    });
    expect(signedOut.status).toBe(401);
    const token = await post(
      '/api/api-tokens',
      { name: 'script', scopes: ['read', 'write:tracking'] },
      asMember(member.token),
    );
    const byToken = await decideDevice(token.body.token, codes.user_code, 'approve');
    expect(byToken.status).toBe(403);

    await db.kysely
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspension_reason: 'spam' })
      .where('id', '=', member.user.id)
      .execute();
    const suspended = await registerUser(app);
    await db.kysely
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspension_reason: 'spam' })
      .where('id', '=', suspended.user.id)
      .execute();
    const refused = await decideDevice(suspended.token, codes.user_code, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(moderationErrorCodes.suspended);
    const consent = await post(
      '/api/trakt-apps/authorize',
      {
        request: {
          client_id: clientId,
          redirect_uri: 'http://127.0.0.1:9/cb',
          response_type: 'code',
        },
        decision: 'approve',
      },
      asMember(suspended.token),
    );
    expect(consent.status).toBe(403);
    // Nothing changed: the app is still waiting.
    expect((await pollRaw(codes.device_code, clientId)).status).toBe(400);
  });
});

describe('authorization code (apps with a browser)', () => {
  it('consent page → code on the redirect address with the state → tokens; a code works once', async () => {
    const member = await registerUser(app);
    const clientId = newClientId();
    const redirect = 'http://127.0.0.1:9/callback';
    const trakt = new Trakt({
      client_id: clientId,
      client_secret: 's',
      redirect_uri: redirect,
      api_url: traktUrl,
    });
    const request = await authorizeRequest(trakt.get_url());
    expect(request).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirect,
    });

    const consent = await post(
      '/api/trakt-apps/authorize',
      { request, decision: 'approve' },
      asMember(member.token),
    );
    expect(consent.status).toBe(200);
    const back = new URL(consent.body.redirectTo);
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    expect(back.searchParams.get('state')).toBe(request.state);
    const code = back.searchParams.get('code')!;
    const stored = await db.kysely.selectFrom('trakt_auth_codes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    const token = await trakt.exchange_code(code, request.state);
    expect(await whoIs(token.access_token)).toEqual({ status: 200, id: member.user.username });

    const reused = await post('/trakt/oauth/token', {
      code,
      client_id: clientId,
      client_secret: 's',
      redirect_uri: redirect,
      grant_type: 'authorization_code',
    });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(examples.invalidGrant);
    expect(reused.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_grant"/);
  });

  it('oob shows the code to copy; Deny sends error=access_denied; another redirect or app is refused', async () => {
    const member = await registerUser(app);
    const clientId = newClientId();
    const trakt = new Trakt({ client_id: clientId, client_secret: 's', api_url: traktUrl });
    const request = await authorizeRequest(trakt.get_url());
    expect(request.redirect_uri).toBe('urn:ietf:wg:oauth:2.0:oob');
    const shown = await post(
      '/api/trakt-apps/authorize',
      { request, decision: 'approve' },
      asMember(member.token),
    );
    expect(shown.body).toEqual({ code: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const elsewhere = await post('/trakt/oauth/token', {
      code: shown.body.code,
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:9/other',
      grant_type: 'authorization_code',
    });
    expect(elsewhere.status).toBe(401);
    const otherApp = new Trakt({ client_id: newClientId(), client_secret: 's', api_url: traktUrl });
    await expect(otherApp.exchange_code(shown.body.code)).rejects.toThrow(/invalid_grant/);
    const token = await trakt.exchange_code(shown.body.code);
    expect(await whoIs(token.access_token)).toEqual({ status: 200, id: member.user.username });

    const deniedOob = await post(
      '/api/trakt-apps/authorize',
      { request, decision: 'deny' },
      asMember(member.token),
    );
    expect(deniedOob.body).toEqual({ code: null });
    const withRedirect = { ...request, redirect_uri: 'com.example.app:/oauth', state: 'xyz' };
    const denied = await post(
      '/api/trakt-apps/authorize',
      { request: withRedirect, decision: 'deny' },
      asMember(member.token),
    );
    expect(denied.body).toEqual({
      redirectTo: 'com.example.app:/oauth?error=access_denied&state=xyz',
    });
  });

  it('PKCE: S256 and plain; the wrong or a missing verifier is refused', async () => {
    const member = await registerUser(app);
    for (const method of ['S256', 'plain'] as const) {
      const clientId = newClientId();
      const redirect = 'http://localhost:8080/cb';
      const trakt = new Trakt({
        client_id: clientId,
        client_secret: 's',
        redirect_uri: redirect,
        api_url: traktUrl,
      });
      const verifier = randomBytes(48).toString('base64url');
      const challenge =
        method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      const request = await authorizeRequest(
        `${trakt.get_url()}&code_challenge=${challenge}&code_challenge_method=${method}`,
      );
      const consent = await post(
        '/api/trakt-apps/authorize',
        { request, decision: 'approve' },
        asMember(member.token),
      );
      const code = new URL(consent.body.redirectTo).searchParams.get('code')!;
      const body = {
        code,
        client_id: clientId,
        client_secret: 's',
        redirect_uri: redirect,
        grant_type: 'authorization_code',
      };
      const missing = await post('/trakt/oauth/token', body);
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('invalid_request');
      await expect(trakt._exchange({ ...body, code_verifier: `${verifier}x` })).rejects.toThrow(
        /invalid_grant/,
      );
      const token = await trakt._exchange({ ...body, code_verifier: verifier });
      expect(await whoIs(token.access_token)).toEqual({ status: 200, id: member.user.username });
    }
  });
});

describe('refresh and revoke', () => {
  async function connect() {
    const member = await registerUser(app);
    const clientId = newClientId();
    const trakt = new Trakt({ client_id: clientId, client_secret: 's', api_url: traktUrl });
    const request = await authorizeRequest(trakt.get_url());
    const shown = await post(
      '/api/trakt-apps/authorize',
      { request, decision: 'approve' },
      asMember(member.token),
    );
    const first = await trakt.exchange_code(shown.body.code);
    return { member, clientId, trakt, first };
  }

  it('a refresh token gives a new pair once; the old access and refresh tokens stop', async () => {
    const { member, clientId, trakt, first } = await connect();
    const second = await trakt.refresh_token();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await whoIs(second.access_token)).toEqual({ status: 200, id: member.user.username });
    expect((await whoIs(first.access_token)).status).toBe(401);

    // An app that kept the old refresh token is refused, as Trakt refuses it.
    const stale = new Trakt({ client_id: clientId, client_secret: 's', api_url: traktUrl });
    await expect(
      stale.import_token({
        access_token: first.access_token,
        refresh_token: first.refresh_token,
        expires: 0,
      }),
    ).rejects.toThrow(/invalid_grant/);
    const raw = await post('/trakt/oauth/token', {
      refresh_token: first.refresh_token,
      client_id: clientId,
      grant_type: 'refresh_token',
    });
    expect(raw.status).toBe(401);
    expect(raw.body.error).toBe('invalid_grant');
    // Another app's client id cannot use this refresh token either.
    const foreign = await post('/trakt/oauth/token', {
      refresh_token: second.refresh_token,
      client_id: newClientId(),
      grant_type: 'refresh_token',
    });
    expect(foreign.status).toBe(401);
  });

  it("the app's revoke ends its token; Disconnect in Settings ends it at once; only the owner's", async () => {
    const { member, trakt, first } = await connect();
    trakt.revoke_token(); // the client does not wait for the answer
    await vi.waitFor(async () => expect((await whoIs(first.access_token)).status).toBe(401));
    expect(await listApps(member.token)).toEqual([]);
    // Revoking something unknown is fine (RFC 7009).
    const unknown = await post('/trakt/oauth/revoke', {
      token: 'nope',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(unknown.status).toBe(200);

    const next = await connect();
    const [connected] = await listApps(next.member.token);
    const other = await registerUser(app);
    const foreign = await fetch(`${origin}/api/trakt-apps/${connected!.id}`, {
      method: 'DELETE',
      headers: asMember(other.token),
    });
    expect(foreign.status).toBe(404);
    expect(await whoIs(next.first.access_token)).toMatchObject({ status: 200 });
    const disconnect = await fetch(`${origin}/api/trakt-apps/${connected!.id}`, {
      method: 'DELETE',
      headers: asMember(next.member.token),
    });
    expect(disconnect.status).toBe(204);
    expect((await whoIs(next.first.access_token)).status).toBe(401);
    expect(await listApps(next.member.token)).toEqual([]);
  });
});

describe('bad input', () => {
  it('is a 400 with an OAuth error body, never a 500, and changes nothing', async () => {
    const cases: [string, unknown][] = [
      ['/trakt/oauth/device/code', {}],
      ['/trakt/oauth/device/code', { client_id: 5 }],
      ['/trakt/oauth/device/code', '{"client_id": '],
      ['/trakt/oauth/device/token', { client_id: 'a' }],
      ['/trakt/oauth/device/token', { code: ['x'], client_id: 'a' }],
      ['/trakt/oauth/token', { grant_type: 'authorization_code', client_id: 'a' }],
      ['/trakt/oauth/token', { grant_type: 'authorization_code', client_id: 'a', code: 'b' }],
      ['/trakt/oauth/token', { grant_type: 'refresh_token', client_id: 'a' }],
      ['/trakt/oauth/token', { grant_type: 'password', client_id: 'a', code: 'b' }],
      ['/trakt/oauth/token', { client_id: 'a', code: 'b' }],
      ['/trakt/oauth/revoke', {}],
      ['/trakt/oauth/revoke', '\u0000'],
    ];
    const before = await db.kysely.selectFrom('trakt_device_codes').select('id').execute();
    for (const [path, body] of cases) {
      const res = await post(path, body);
      expect([path, body, res.status]).toEqual([path, body, 400]);
      if (res.body && 'error_description' in res.body)
        expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description']);
    }
    expect(await db.kysely.selectFrom('trakt_device_codes').select('id').execute()).toEqual(before);
    const xml = await fetch(`${traktUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<grant/>',
    });
    expect(xml.status).toBe(415);
    expect(Object.keys((await xml.json()) as object).sort()).toEqual([
      'error',
      'error_description',
    ]);
    // Form-encoded bodies (generic OAuth libraries) are read like JSON.
    const form = await fetch(`${traktUrl}/oauth/device/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=form-client',
    });
    expect(form.status).toBe(200);
  });

  it('the consent API refuses requests no app could have meant, in words', async () => {
    const member = await registerUser(app);
    const good = {
      client_id: 'abc',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
    };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, redirect_uri: 'javascript:alert(1)' }, traktOAuthMessages.redirectInvalid],
      [{ ...good, redirect_uri: 'not a url' }, traktOAuthMessages.redirectInvalid],
      [{ ...good, response_type: 'token' }, traktOAuthMessages.responseTypeInvalid],
      [{ ...good, client_id: '' }, traktOAuthMessages.clientIdRequired],
      [
        { ...good, code_challenge: 'short', code_challenge_method: 'S256' },
        traktOAuthMessages.challengeInvalid,
      ],
      [{ ...good, code_challenge_method: 'S256' }, traktOAuthMessages.challengeInvalid],
    ];
    for (const [request, message] of bad) {
      const res = await post(
        '/api/trakt-apps/authorize',
        { request, decision: 'approve' },
        asMember(member.token),
      );
      expect([request, res.status, res.body.error]).toEqual([request, 400, message]);
    }
    expect(await memberRows(db, 'trakt_auth_codes', member.user.id, ['id'])).toEqual([]);
  });
});

describe("recorded shapes: Trakt's documented examples", () => {
  const shape = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v]));

  it('device codes, token answers and refusals have the keys and types of the examples', async () => {
    const member = await registerUser(app);
    const clientId = newClientId();
    const codes = (await post('/trakt/oauth/device/code', { client_id: clientId })).body;
    expect(shape(codes)).toEqual(shape(examples.deviceCode));
    expect(codes.user_code).toHaveLength((examples.deviceCode.user_code as string).length);
    expect(codes.device_code).toHaveLength((examples.deviceCode.device_code as string).length);
    await decideDevice(member.token, codes.user_code, 'approve');
    const token = await pollRaw(codes.device_code, clientId);
    expect(token.status).toBe(200);
    expect(shape(token.body)).toEqual(shape(examples.token));
    expect(token.body.access_token).toHaveLength((examples.token.access_token as string).length);
    expect(token.body.token_type).toBe(examples.token.token_type);
    expect(token.body.scope).toBe(examples.token.scope);
    const refused = await post('/trakt/oauth/token', {
      refresh_token: 'f'.repeat(64),
      client_id: clientId,
      grant_type: 'refresh_token',
    });
    expect(refused.body).toEqual(examples.invalidGrant);
  });
});
