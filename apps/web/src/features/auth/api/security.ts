import type {
  AuthResponse,
  BackupCodes,
  Passkey,
  PasskeyOptionsResponse,
  SecurityStatus,
  SetupResponse,
  TotpSetup,
} from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

/*
 * First run, second factors, passkeys and recent sign-in (ADR 173). WebAuthn answers come
 * from @simplewebauthn/browser, loaded only when a passkey is used (passkey-browser.ts).
 */

export const securityKeys = {
  setup: ['auth', 'setup'] as const,
  status: ['auth', 'security'] as const,
};

export const getSetup = () => api.get<SetupResponse>('/auth/setup');
export const getSecurity = () => api.get<SecurityStatus>('/auth/security');

export const finishWithCode = (challengeToken: string, code: string) =>
  api.post<AuthResponse>('/auth/2fa', { challengeToken, code });
export const secondFactorPasskeyOptions = (challengeToken: string) =>
  api.post<PasskeyOptionsResponse>('/auth/2fa/passkey/options', { challengeToken });
export const finishWithPasskey = (challengeToken: string, response: unknown) =>
  api.post<AuthResponse>('/auth/2fa/passkey', { challengeToken, response });

export const passkeySignInOptions = () => api.post<PasskeyOptionsResponse>('/auth/passkey/options');
export const passkeySignIn = (challengeToken: string, response: unknown) =>
  api.post<AuthResponse>('/auth/passkey', { challengeToken, response });

export const reauthenticate = (proof: { password?: string; code?: string }) =>
  api.post<{ recentUntil: string }>('/auth/reauthenticate', proof);

export const startTotp = () => api.post<TotpSetup>('/auth/2fa/totp');
export const confirmTotp = (code: string) =>
  api.post<BackupCodes>('/auth/2fa/totp/confirm', { code });
export const disableTotp = () => api.delete<null>('/auth/2fa/totp');
export const newBackupCodes = () => api.post<BackupCodes>('/auth/2fa/backup-codes');

export const passkeyRegistrationOptions = () =>
  api.post<PasskeyOptionsResponse>('/auth/passkeys/options');
export const registerPasskey = (challengeToken: string, name: string, response: unknown) =>
  api.post<Passkey>('/auth/passkeys', { challengeToken, name, response });
export const removePasskey = (id: number) => api.delete<null>(`/auth/passkeys/${id}`);
