import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  errorCodes,
  securityErrorCodes,
  securityLimits,
  securityMessages,
  type AuthResponse,
  type Passkey,
  type PasskeyOptionsResponse,
} from '@series-tracker/contracts';
import type { PasskeyRow, UserRow } from '../../db/types';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthService } from './auth.service';
import { hashToken, newToken } from './tokens';
import type { TwoFactor } from './two-factor.service';
import { challengeInvalid } from './two-factor.service';
import type { TwoFactorRepository } from './two-factor.repository';
import type { Text } from '../../lib/i18n/text';

const REGISTER = 'passkey-register';
const SIGN_IN = 'passkey-sign-in';

const passkeyInvalid = (message: Text = securityMessages.passkeyInvalid) =>
  new AppError(400, securityErrorCodes.passkeyInvalid, message);

export interface PasskeysOptions {
  repo: TwoFactorRepository;
  auth: Pick<AuthService, 'signIn'>;
  twoFactor: Pick<TwoFactor, 'pending' | 'finish'>;
  userOf: (id: number) => Promise<UserRow | undefined>;
  /** PUBLIC_URL: its host is the relying party id, its origin the one allowed. */
  publicUrl: string;
  rpName: string;
}

const toPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.created_at,
  lastUsedAt: p.last_used_at,
});

const transportsOf = (p: PasskeyRow): AuthenticatorTransport[] | undefined =>
  p.transports ? (JSON.parse(p.transports) as AuthenticatorTransport[]) : undefined;

/**
 * Passkeys (WebAuthn, @simplewebauthn/server; ADR 173): registered from Settings (a recent
 * sign-in), used for password-less sign-in (discoverable credentials: the browser offers the
 * site's passkeys, the credential id finds the member) or as the second factor of a password
 * sign-in. The relying party is PUBLIC_URL's host; user verification is required, so a
 * passkey is two factors on its own (the device and its PIN or biometric).
 */
export function createPasskeys({
  repo,
  auth,
  twoFactor,
  userOf,
  publicUrl,
  rpName,
}: PasskeysOptions) {
  const url = new URL(publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;
  const minutes = securityLimits.challengeMinutes * 60_000;

  /** A challenge row for a ceremony; the token goes to the browser with the options. */
  async function newCeremony(purpose: string, userId: number | null, challenge: string) {
    const token = newToken();
    const now = nowIso();
    await repo.insertChallenge({
      token_hash: hashToken(token),
      purpose,
      user_id: userId,
      challenge,
      user_agent: null,
      created_at: now,
      expires_at: new Date(Date.parse(now) + minutes).toISOString(),
    });
    return token;
  }

  /** Takes the ceremony's row once, or 400 CHALLENGE_INVALID. */
  async function takeCeremony(token: string, purpose: string) {
    const row = await repo.challenge(hashToken(token), purpose, nowIso());
    if (!row?.challenge || !(await repo.takeChallenge(row.id))) throw challengeInvalid();
    return { ...row, challenge: row.challenge };
  }

  /** Checks an assertion against the stored passkey and moves its counter on. */
  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
    passkey: PasskeyRow,
  ) {
    let verified = false;
    let newCounter = passkey.counter;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: passkey.counter,
          ...(passkey.transports ? { transports: transportsOf(passkey)! } : {}),
        },
      });
      verified = result.verified;
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      verified = false;
    }
    if (!verified) throw passkeyInvalid();
    await repo.passkeyUsed(passkey.id, newCounter, nowIso());
  }

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await repo.passkeys(userId)).map(toPasskey);
    },

    /** Settings: options to create a discoverable passkey for this member. */
    async registrationOptions(user: UserRow): Promise<PasskeyOptionsResponse> {
      const existing = await repo.passkeys(user.id);
      if (existing.length >= securityLimits.passkeysMax)
        throw new AppError(409, errorCodes.conflict, securityMessages.tooManyPasskeys);
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: user.username,
        userDisplayName: user.display_name ?? user.username,
        userID: new TextEncoder().encode(`st-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          ...(p.transports ? { transports: transportsOf(p)! } : {}),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const challengeToken = await newCeremony(REGISTER, user.id, options.challenge);
      return { challengeToken, options: options as unknown as Record<string, unknown> };
    },

    async register(
      user: UserRow,
      input: { challengeToken: string; name: string; response: Record<string, unknown> },
    ): Promise<Passkey> {
      const ceremony = await takeCeremony(input.challengeToken, REGISTER);
      if (ceremony.user_id !== user.id) throw challengeInvalid();
      let info;
      try {
        const result = await verifyRegistrationResponse({
          response: input.response as unknown as RegistrationResponseJSON,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        info = result.verified ? result.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw passkeyInvalid();
      try {
        const row = await repo.insertPasskey({
          user_id: user.id,
          credential_id: info.credential.id,
          public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: info.credential.transports?.length
            ? JSON.stringify(info.credential.transports)
            : null,
          name: input.name,
          created_at: nowIso(),
          last_used_at: null,
        });
        return toPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error, 'credential_id'))
          throw new AppError(409, errorCodes.conflict, securityMessages.passkeyExists);
        throw error;
      }
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deletePasskey(userId, id))) throw notFound(securityMessages.passkeyNotFound);
    },

    /** The login page: options for any of this site's passkeys (the browser offers them). */
    async signInOptions(): Promise<PasskeyOptionsResponse> {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      const challengeToken = await newCeremony(SIGN_IN, null, options.challenge);
      return { challengeToken, options: options as unknown as Record<string, unknown> };
    },

    /** Password-less sign-in: the credential id names the member, the signature proves it. */
    async signIn(
      input: { challengeToken: string; response: Record<string, unknown> },
      userAgent: string | null,
    ): Promise<AuthResponse> {
      const ceremony = await takeCeremony(input.challengeToken, SIGN_IN);
      const response = input.response as unknown as AuthenticationResponseJSON;
      const passkey = await repo.passkeyByCredential(response.id);
      if (!passkey) throw passkeyInvalid(securityMessages.passkeyUnknown);
      await verifyAssertion(response, ceremony.challenge, passkey);
      const user = await userOf(passkey.user_id);
      if (!user) throw passkeyInvalid(securityMessages.passkeyUnknown);
      return auth.signIn(user, userAgent);
    },

    /** Second factor: options limited to the member's passkeys, on the sign-in's challenge. */
    async secondFactorOptions(challengeToken: string): Promise<PasskeyOptionsResponse> {
      const row = await twoFactor.pending(challengeToken);
      const mine = await repo.passkeys(row.user_id);
      if (!mine.length) throw passkeyInvalid(securityMessages.passkeyUnknown);
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: mine.map((p) => ({
          id: p.credential_id,
          ...(p.transports ? { transports: transportsOf(p)! } : {}),
        })),
      });
      await repo.setChallenge(row.id, options.challenge);
      return { challengeToken, options: options as unknown as Record<string, unknown> };
    },

    async secondFactor(input: {
      challengeToken: string;
      response: Record<string, unknown>;
    }): Promise<AuthResponse> {
      const row = await twoFactor.pending(input.challengeToken);
      if (!row.challenge) throw challengeInvalid();
      const response = input.response as unknown as AuthenticationResponseJSON;
      const passkey = await repo.passkeyByCredential(response.id);
      if (!passkey || passkey.user_id !== row.user_id) throw passkeyInvalid();
      // The challenge is spent whether or not the answer holds: the next try asks for options.
      await repo.setChallenge(row.id, '');
      await verifyAssertion(response, row.challenge, passkey);
      const user = await userOf(row.user_id);
      if (!user) throw challengeInvalid();
      return twoFactor.finish(row, user);
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
