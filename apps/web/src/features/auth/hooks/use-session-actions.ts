import {
  securityMessages,
  type AuthResponse,
  type LoginBody,
  type LoginResponse,
} from '@series-tracker/contracts';
import { toast } from '@/components/ui/toaster';
import { contractText } from '@/i18n/contract-text';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getStoredToken, setStoredToken } from '@/lib/token-storage';
import { authKeys } from '../api/auth-keys';
import { markIfJustCreated, markNewMember } from '@/lib/welcome';
import { finishRegistration } from '../api/finish-registration';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { register, type RegisterInput } from '../api/register';
import { forgetStoredMember, removeUserQueries } from '../api/forget-member';
import { exchangeSsoCode } from '../api/sso';

async function startSession(queryClient: QueryClient, response: AuthResponse) {
  // A start-up token check still in flight must not overwrite the new session.
  await queryClient.cancelQueries({ queryKey: authKeys.me });
  setStoredToken(response.token);
  removeUserQueries(queryClient);
  queryClient.setQueryData(authKeys.me, response.user);
  queryClient.setQueryData(authKeys.signedOut, false);
}

/**
 * Signs in with the password. With two-factor sign-in on (ADR 173) the answer is a challenge,
 * not a session: the form asks for the second factor (useFinishSignIn).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody): Promise<LoginResponse> => login(body),
    onSuccess: async (response) => {
      if ('token' in response) await startSession(queryClient, response);
    },
  });
}

/** Any other way to a session (a second factor, a passkey): the call, then the session. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: () => Promise<AuthResponse>) => call(),
    onSuccess: (response) => startSession(queryClient, response),
  });
}

/**
 * Sends the registration; nobody is signed in until the mailed link is used (ADR 152) —
 * except the first account of an empty site, created and signed in at once (ADR 173).
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => register(input),
    onSuccess: async (response) => {
      if (!('token' in response)) return;
      // The site's first account, created and signed in at once (ADR 173): "Welcome".
      markNewMember(response.user.id);
      await startSession(queryClient, response);
      toast.info(contractText(securityMessages.firstRunWelcome));
    },
  });
}

/**
 * A sign-in that switches this device to the account it returns: a member already signed in
 * here is signed out first (their session ends and their offline data goes); `welcome` marks
 * a newcomer ("Welcome", not "welcome back"), then the session starts.
 */
function useSwitchingSignIn(
  call: (value: string) => Promise<AuthResponse>,
  welcome: (user: AuthResponse['user']) => void,
) {
  const queryClient = useQueryClient();
  const signOut = useLogout();
  return useMutation({
    mutationFn: (value: string) => call(value),
    onSuccess: async (response) => {
      if (getStoredToken()) await signOut();
      welcome(response.user);
      await startSession(queryClient, response);
    },
  });
}

/**
 * Finishes a registration from the mailed link (its token) and signs the new account in, as
 * login does; the first sign-in of a new account.
 */
export const useFinishRegistration = () =>
  useSwitchingSignIn(finishRegistration, (user) => markNewMember(user.id));

/**
 * Single sign-on's last step (ADR 174): the callback's one-time code becomes a session here;
 * a first sign-in that created the account is a newcomer's.
 */
export const useSsoSignIn = () =>
  useSwitchingSignIn(exchangeSsoCode, (user) => markIfJustCreated(user));

/**
 * Signs out: the logout call goes out with the token, then the token is cleared at once,
 * whether or not the call succeeds (spec §4, §8). Resolves as soon as this device is
 * signed out; it does not wait for the server.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    logout().catch(() => {
      // Ignored by design (spec §8): the session is already gone on this device.
    });
    // This device forgets the member: token, saved pages and unsent marks (ADR 162).
    forgetStoredMember();
    await queryClient.cancelQueries({ queryKey: authKeys.me });
    // Set before the session goes, so a protected screen still on show sends the visitor
    // home rather than to the sign-in page (spec §2: Sign Out returns to /).
    queryClient.setQueryData(authKeys.signedOut, true);
    queryClient.setQueryData(authKeys.me, null);
    removeUserQueries(queryClient);
  }, [queryClient]);
}
