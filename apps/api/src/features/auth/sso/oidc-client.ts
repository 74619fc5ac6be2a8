import * as oidc from 'openid-client';
import type { OidcSettings } from '../../../config';

/** How long one request to the provider (discovery, JWKS, token endpoint) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider could not be reached, or what it published cannot be used (ADR 174). */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('OpenID Provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** The member cancelled at the provider, or the provider refused the request. */
export class ProviderRefusedError extends Error {
  constructor(readonly error: string) {
    super(`OpenID Provider answered ${error}`);
    this.name = 'ProviderRefusedError';
  }
}

/** The callback's answer failed a check: PKCE, nonce, ID token (issuer, audience, signature, expiry). */
export class CallbackRejectedError extends Error {
  constructor(cause: unknown) {
    super('OpenID callback rejected', { cause });
    this.name = 'CallbackRejectedError';
  }
}

/** What a checked ID token says about the member. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Only when the provider says it verified the address. */
  verifiedEmail: string | null;
  /** The address whatever its state: kept on the link, never used for an account. */
  email: string | null;
  preferredUsername: string | null;
  name: string | null;
  /** When the member last signed in at the provider (ID token `auth_time`), in ms, or null. */
  authTime: number | null;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A network failure (refused, reset, timed out) rather than an answer. */
function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isNetworkError(error.cause);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The OpenID Connect relying party (openid-client 6): discovery on first use (kept, tried
 * again after a failure), the authorization URL with PKCE (S256), state and nonce, and the
 * authorization code grant with every check the library makes (state, nonce, PKCE, issuer
 * (RFC 9207 `iss`), ID token signature from the JWKS, audience, expiry).
 */
export function createOidcClient(settings: OidcSettings, redirectUri: string) {
  let configuration: Promise<oidc.Configuration> | null = null;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [redirectUri], response_types: ['code'] },
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // An http:// issuer is the operator's choice (an internal network, a test provider).
          ...(settings.issuer.startsWith('http://')
            ? { execute: [oidc.allowInsecureRequests] }
            : {}),
        },
      )
      .catch((error: unknown) => {
        configuration = null;
        throw new ProviderUnavailableError(error);
      });
    return configuration;
  }

  return {
    /**
     * `reauth`: the provider must ask the member again (`prompt=login`, `max_age=0`, which also
     * makes `auth_time` a required claim), so a remembered session there proves nothing.
     */
    async authorizationUrl(
      request: AuthorizationRequest,
      { reauth = false }: { reauth?: boolean } = {},
    ): Promise<string> {
      const config = await discover();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        ...(reauth ? { prompt: 'login', max_age: '0' } : {}),
      });
      return url.href;
    },

    /** Exchanges the callback's code; throws one of the errors above on any failure. */
    async finish(currentUrl: URL, request: AuthorizationRequest): Promise<OidcIdentity> {
      const config = await discover();
      const providerError = currentUrl.searchParams.get('error');
      if (providerError) throw new ProviderRefusedError(providerError.slice(0, 100));
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: request.state,
          expectedNonce: request.nonce,
          pkceCodeVerifier: request.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        if (isNetworkError(error)) throw new ProviderUnavailableError(error);
        throw new CallbackRejectedError(error);
      }
      const idToken = tokens.claims();
      if (!idToken) throw new CallbackRejectedError(new Error('no ID token'));
      let claims: Record<string, unknown> = idToken;
      // Some providers (Authelia's default claims policy) keep e-mail and names out of the ID
      // token: the userinfo endpoint has them, for the same subject (checked by the library).
      if (
        (claims.email === undefined || claims.preferred_username === undefined) &&
        config.serverMetadata().userinfo_endpoint
      ) {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = { ...info, ...idToken };
        } catch (error) {
          if (isNetworkError(error)) throw new ProviderUnavailableError(error);
          throw new CallbackRejectedError(error);
        }
      }
      const email = text(claims.email);
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email,
        verifiedEmail: email && claims.email_verified === true ? email : null,
        preferredUsername: text(claims.preferred_username),
        name: text(claims.name),
        authTime: typeof idToken.auth_time === 'number' ? idToken.auth_time * 1000 : null,
      };
    },

    /** Fresh random values for one authorization request. */
    newRequest(): AuthorizationRequest {
      return {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
