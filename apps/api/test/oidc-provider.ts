import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A member of the test provider's account store. */
export interface ProviderAccount {
  sub: string;
  username: string;
  password: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  /** Adds (or replaces) an account; returns it. */
  addAccount(account: ProviderAccount): ProviderAccount;
  /** Stops answering: the provider looks down. */
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test Identity Provider: sign in</title></head>
<body style="font-family:sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem">
<main><h1>Test Identity Provider</h1>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<p><label>Username <input name="username" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form></main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A certified OpenID Provider (panva's oidc-provider) on a free loopback port, for tests and
 * the e2e journey: one confidential client for our app (code flow, PKCE S256 required), a
 * test account store, and its own small login page. Signing in there finishes the login and
 * the consent in one step (a grant for the requested scopes), like a provider whose client
 * is trusted.
 */
export async function startOpenIdProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
  /** false: e-mail and names only from userinfo, as Authelia's default claims policy does. */
  idTokenClaims?: boolean;
}): Promise<TestOpenIdProvider> {
  const clientId = options.clientId ?? 'series-tracker';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';
  const accounts = new Map<string, ProviderAccount>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    // ID tokens carry the claims (the relying party reads them there, not from userinfo).
    conformIdTokenClaims: options.idTokenClaims === false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['series-tracker-test-provider-cookie-key'] },
    // Its own signing key and lifetimes (the library's quick-start defaults only warn).
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          preferred_username: account.username,
          ...(account.name ? { name: account.name } : {}),
          ...(account.email
            ? { email: account.email, email_verified: account.emailVerified ?? true }
            : {}),
        }),
      };
    },
  });
  const providerHandler = provider.callback();

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) return providerHandler(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(loginPage(details.uid, null));
          return;
        }
        const body = await formBody(req);
        const account = [...accounts.values()].find(
          (a) => a.username === body.get('username') && a.password === body.get('password'),
        );
        if (!account) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(loginPage(details.uid, 'Wrong username or password.'));
          return;
        }
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies of one visitor at the provider, kept across requests like a browser's jar. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at);
        const value = pair!.slice(at + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * Signs in at the provider over HTTP as a browser would: opens the authorization URL, posts
 * the login form, follows the redirects, and returns the URL the provider sends the browser
 * back to (our callback with code, state and iss), without opening it.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  username: string,
  password: string,
): Promise<URL> {
  const jar = cookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.keep(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action || page.includes('Wrong username or password'))
      throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams({ username, password }).toString();
  }
  throw new Error('too many redirects at the provider');
}
