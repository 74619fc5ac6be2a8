import {
  ssoErrorCodes,
  type ContractText,
  type Locale,
  ssoMessages,
  type AuthProviders,
  type AuthResponse,
  type IdentityLinks,
} from '@series-tracker/contracts';
import type { OidcSettings } from '../../../config';
import type { UserRow } from '../../../db/types';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError, notFound } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import type { EventBus } from '../../../platform/events';
import type { UnitOfWork } from '../../../platform/unit-of-work';
import type { AuthRepository } from '../auth.repository';
import type { AuthService, ResolvedSession } from '../auth.service';
import { hasPassword } from '../password';
import { hashToken, newToken } from '../tokens';
import {
  CallbackRejectedError,
  ProviderRefusedError,
  ProviderUnavailableError,
  type OidcClient,
  type OidcIdentity,
} from './oidc-client';
import type { SsoRepository } from './sso.repository';
import { SsoCallbackError, ssoAutoRegister, type SsoIntent } from './sso-register';
import { contractWith, msg } from '../../../lib/i18n/text';

export { SsoCallbackError, type SsoIntent } from './sso-register';

/** A flow started here waits this long for the provider's answer. */
const FLOW_MS = 10 * 60_000;
/** The one-time code the callback hands the web app works this long. */
const HANDOFF_MS = 60_000;
/** Path of the sign-in start (GET, a top-level navigation). */
export const SSO_START_PATH = '/api/auth/oidc/start';

/** A provider's clock may run a little behind ours when it stamps `auth_time`. */
const CLOCK_SKEW_MS = 60_000;

export interface SsoServiceOptions {
  settings: OidcSettings | null;
  passwordSignIn: boolean;
  client: OidcClient | null;
  repo: SsoRepository;
  authRepo: AuthRepository;
  auth: Pick<AuthService, 'signIn' | 'markVerified'>;
  uow: UnitOfWork;
  events: EventBus;
}

/** The outcome of a callback: a code for the web app to exchange, or a linked identity. */
export type CallbackResult =
  | { kind: 'signed-in'; code: string }
  | { kind: 'linked' }
  | { kind: 'reauthenticated'; returnTo: string };

/**
 * Single sign-on with an OpenID Provider (issue 28, ADR 174). A flow is started here (state,
 * nonce, PKCE verifier kept server-side, bound to the browser by an HttpOnly cookie), comes back
 * to the callback, and ends as a one-time code the web app exchanges for an ordinary session,
 * or as an identity linked to the member who started it from Settings. Identities are found
 * by (issuer, subject) only: an e-mail address never links anything by itself.
 */
export function createSsoService(o: SsoServiceOptions) {
  const { settings, repo, authRepo, auth, uow, events } = o;
  const provider = settings?.providerName ?? '';
  const fail = (status: number, code: string, message: ContractText) =>
    new AppError(status, code, contractWith(message, { provider }));

  function configured(): { settings: OidcSettings; client: OidcClient } {
    if (!settings || !o.client)
      throw new AppError(404, ssoErrorCodes.notConfigured, ssoMessages.notConfigured);
    return { settings, client: o.client };
  }

  /** The browser's secret (kept, or a new one) and the flow's authorization URL. */
  async function start(
    browser: string | null,
    link: { userId: number; sessionHash: string; reauthReturnTo?: string } | null,
  ): Promise<{ url: string; browser: string }> {
    const { client } = configured();
    const secret = browser && /^[\w-]{43}$/.test(browser) ? browser : newToken();
    const request = client.newRequest();
    const reauth = link?.reauthReturnTo !== undefined;
    let url: string;
    try {
      url = await client.authorizationUrl(request, { reauth });
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw fail(503, ssoErrorCodes.providerUnavailable, ssoMessages.providerUnavailable);
      throw error;
    }
    const now = nowIso();
    await repo.insertFlow({
      state_hash: hashToken(request.state),
      browser_hash: hashToken(secret),
      nonce: request.nonce,
      code_verifier: request.codeVerifier,
      link_user_id: link?.userId ?? null,
      link_session_hash: link?.sessionHash ?? null,
      purpose: reauth ? 'reauth' : null,
      return_to: link?.reauthReturnTo ?? null,
      created_at: now,
      expires_at: new Date(Date.parse(now) + FLOW_MS).toISOString(),
    });
    return { url, browser: secret };
  }

  /** Whether the member keeps a way in without this link: a usable password or another link. */
  async function mayUnlink(user: UserRow): Promise<boolean> {
    if (o.passwordSignIn && hasPassword(user.password_hash)) return true;
    return (await repo.countLinks(user.id)) > 1;
  }

  /** A new account for an identity nobody linked (OIDC_AUTO_REGISTER=on). */
  const register = ssoAutoRegister({
    autoRegister: settings?.autoRegister ?? false,
    provider,
    repo,
    authRepo,
    uow,
    events,
  });

  /** The session a link or reauth flow was started from, if it is still the member's. */
  async function startingSession(
    flow: { link_user_id: number; link_session_hash: string | null },
    intent: SsoIntent,
  ): Promise<ResolvedSession> {
    const session = flow.link_session_hash
      ? await authRepo.findSessionWithUser(flow.link_session_hash)
      : undefined;
    if (
      !session ||
      session.user.id !== flow.link_user_id ||
      Date.parse(session.session.expires_at) <= Date.now()
    )
      throw new SsoCallbackError(
        400,
        ssoErrorCodes.callbackInvalid,
        contractWith(ssoMessages.callbackInvalid, { provider }),
        intent,
      );
    return session;
  }

  /**
   * "Sign in again with …" (ADR 174): the identity must be the one linked to this member, and
   * the provider must have asked them after the flow started (auth_time); then the session
   * that started it counts as a recent sign-in, as after re-entering a password.
   */
  async function reauthenticate(
    flow: { link_user_id: number; link_session_hash: string | null; created_at: string },
    identity: OidcIdentity,
  ): Promise<void> {
    const callbackFail = (status: number, code: string, message: ContractText) =>
      new SsoCallbackError(status, code, contractWith(message, { provider }), 'reauth');
    const session = await startingSession(flow, 'reauth');
    const link = await repo.findLink(identity.issuer, identity.subject);
    if (!link || link.user_id !== flow.link_user_id)
      throw callbackFail(403, ssoErrorCodes.reauthMismatch, ssoMessages.reauthMismatch);
    if (
      identity.authTime === null ||
      identity.authTime < Date.parse(flow.created_at) - CLOCK_SKEW_MS
    )
      throw callbackFail(403, ssoErrorCodes.reauthStale, ssoMessages.reauthStale);
    await auth.markVerified(session);
  }

  async function linkTo(
    flow: { link_user_id: number; link_session_hash: string | null },
    identity: OidcIdentity,
  ): Promise<void> {
    const callbackFail = (status: number, code: string, message: ContractText) =>
      new SsoCallbackError(status, code, contractWith(message, { provider }), 'link');
    // The link intent belongs to the session that started it: signed out since, no link.
    await startingSession(flow, 'link');
    const linkedElsewhere = () =>
      callbackFail(409, ssoErrorCodes.linkedElsewhere, ssoMessages.linkedElsewhere);
    const existing = await repo.findLink(identity.issuer, identity.subject);
    if (existing) {
      if (existing.user_id === flow.link_user_id) return;
      throw linkedElsewhere();
    }
    try {
      await repo.insertLink({
        user_id: flow.link_user_id,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        created_at: nowIso(),
      });
    } catch (error) {
      if (isUniqueViolation(error, 'identity_links')) throw linkedElsewhere();
      throw error;
    }
  }

  return {
    providers(): AuthProviders {
      return {
        oidc: settings ? { name: settings.providerName, startUrl: SSO_START_PATH } : null,
        passwordSignIn: o.passwordSignIn,
      };
    },

    /** GET /auth/oidc/start: a sign-in flow for this browser. */
    startSignIn: (browser: string | null) => start(browser, null),

    /** POST /auth/oidc/link: a link flow bound to the member's current session. */
    startLink: (resolved: ResolvedSession, browser: string | null) =>
      start(browser, { userId: resolved.user.id, sessionHash: resolved.session.token_hash }),

    /**
     * POST /auth/oidc/reauthenticate: a flow that confirms who holds this session, for a member
     * with a linked identity (the provider asks them again), back to `returnTo`.
     */
    async startReauth(resolved: ResolvedSession, browser: string | null, returnTo: string) {
      const { settings } = configured();
      if (!(await repo.linksOf(resolved.user.id, settings.issuer)).length)
        throw fail(409, ssoErrorCodes.notLinked, ssoMessages.reauthNotLinked);
      return start(browser, {
        userId: resolved.user.id,
        sessionHash: resolved.session.token_hash,
        reauthReturnTo: returnTo,
      });
    },

    /**
     * GET /auth/oidc/callback. The flow is taken by its state (once: a replay finds nothing)
     * and must come from the browser that started it; then openid-client checks PKCE, nonce and
     * the ID token. Any failure leaves no session, no code and no link. A new account starts
     * in `locale`, the language of the browser coming back (ADR 186).
     */
    async callback(
      url: URL,
      browser: string | null,
      locale: Locale | null = null,
    ): Promise<CallbackResult> {
      const { client } = configured();
      const state = url.searchParams.get('state');
      const flow = state ? await repo.takeFlow(hashToken(state)) : undefined;
      const intent: SsoIntent =
        flow?.purpose === 'reauth' ? 'reauth' : flow?.link_user_id ? 'link' : 'sign-in';
      const callbackFail = (status: number, code: string, message: ContractText) =>
        new SsoCallbackError(status, code, contractWith(message, { provider }), intent);
      if (
        !flow ||
        Date.parse(flow.expires_at) <= Date.now() ||
        !browser ||
        hashToken(browser) !== flow.browser_hash
      )
        throw callbackFail(400, ssoErrorCodes.callbackInvalid, ssoMessages.callbackInvalid);
      let identity: OidcIdentity;
      try {
        identity = await client.finish(url, {
          state: state!,
          nonce: flow.nonce,
          codeVerifier: flow.code_verifier,
        });
      } catch (error) {
        if (error instanceof ProviderUnavailableError)
          throw callbackFail(
            503,
            ssoErrorCodes.providerUnavailable,
            ssoMessages.providerUnavailable,
          );
        if (error instanceof ProviderRefusedError)
          throw callbackFail(400, ssoErrorCodes.cancelled, ssoMessages.cancelled);
        if (error instanceof CallbackRejectedError)
          throw callbackFail(400, ssoErrorCodes.callbackInvalid, ssoMessages.callbackInvalid);
        throw error;
      }
      if (flow.link_user_id && flow.purpose === 'reauth') {
        await reauthenticate({ ...flow, link_user_id: flow.link_user_id }, identity);
        return { kind: 'reauthenticated', returnTo: flow.return_to ?? '/settings' };
      }
      if (flow.link_user_id) {
        await linkTo({ ...flow, link_user_id: flow.link_user_id }, identity);
        return { kind: 'linked' };
      }
      const link = await repo.findLink(identity.issuer, identity.subject);
      const user =
        (link && (await repo.userById(link.user_id))) || (await register(identity, intent, locale));
      const code = newToken();
      const now = nowIso();
      await repo.insertHandoff({
        code_hash: hashToken(code),
        browser_hash: flow.browser_hash,
        user_id: user.id,
        created_at: now,
        expires_at: new Date(Date.parse(now) + HANDOFF_MS).toISOString(),
      });
      return { kind: 'signed-in', code };
    },

    /** POST /auth/oidc/exchange: the one-time code becomes a session, once, in its browser. */
    async exchange(
      code: string,
      browser: string | null,
      userAgent: string | null,
    ): Promise<AuthResponse> {
      const handoff = await repo.takeHandoff(hashToken(code));
      const invalid = () => fail(400, ssoErrorCodes.codeInvalid, ssoMessages.codeInvalid);
      if (
        !handoff ||
        Date.parse(handoff.expires_at) <= Date.now() ||
        !browser ||
        hashToken(browser) !== handoff.browser_hash
      )
        throw invalid();
      const user = await repo.userById(handoff.user_id);
      if (!user) throw invalid();
      // A sign-in at the provider is a fresh sign-in here: the session starts now (ADR 174).
      return auth.signIn(user, userAgent);
    },

    async links(user: UserRow): Promise<IdentityLinks> {
      const { settings } = configured();
      const rows = await repo.linksOf(user.id, settings.issuer);
      return {
        provider: settings.providerName,
        links: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.created_at })),
        canUnlink: await mayUnlink(user),
      };
    },

    /** Only while another way in stays (a usable password, or another link). */
    async unlink(user: UserRow, id: number): Promise<void> {
      configured();
      if (!(await mayUnlink(user))) throw fail(409, ssoErrorCodes.lastWayIn, ssoMessages.lastWayIn);
      if (!(await repo.deleteLink(user.id, id))) throw notFound(msg('sso.linkNotFound'));
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
