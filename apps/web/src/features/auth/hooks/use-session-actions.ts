import type { AuthResponse, LoginBody } from '@series-tracker/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { forgetMarks } from '@/features/tracking/lib/offline-marks';
import { clearOfflineData } from '@/lib/offline-store';
import { clearStoredToken, getStoredToken, setStoredToken } from '@/lib/token-storage';
import { authKeys } from '../api/auth-keys';
import { finishRegistration } from '../api/finish-registration';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { register, type RegisterInput } from '../api/register';
import { exchangeSsoCode } from '../api/sso';

/** Drops every cached query except the session: they may hold another user's view. */
function removeUserQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

async function startSession(queryClient: QueryClient, response: AuthResponse) {
  // A start-up token check still in flight must not overwrite the new session.
  await queryClient.cancelQueries({ queryKey: authKeys.me });
  setStoredToken(response.token);
  removeUserQueries(queryClient);
  queryClient.setQueryData(authKeys.me, response.user);
  queryClient.setQueryData(authKeys.signedOut, false);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => login(body),
    onSuccess: (response) => startSession(queryClient, response),
  });
}

/** Sends the registration; nobody is signed in until the mailed link is used (ADR 152). */
export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterInput) => register(input) });
}

/**
 * Finishes a registration from the mailed link and signs the new account in, as login does.
 * A member already signed in on this device is signed out first (their session ends and
 * their offline data goes): the device switches to the new account.
 */
export function useFinishRegistration() {
  const queryClient = useQueryClient();
  const signOut = useLogout();
  return useMutation({
    mutationFn: (token: string) => finishRegistration(token),
    onSuccess: async (response) => {
      if (getStoredToken()) await signOut();
      await startSession(queryClient, response);
    },
  });
}

/**
 * Single sign-on's last step (ADR 174): the callback's one-time code becomes a session here,
 * switching from anyone signed in on this device, as finishing a registration does.
 */
export function useSsoSignIn() {
  const queryClient = useQueryClient();
  const signOut = useLogout();
  return useMutation({
    mutationFn: (code: string) => exchangeSsoCode(code),
    onSuccess: async (response) => {
      if (getStoredToken()) await signOut();
      await startSession(queryClient, response);
    },
  });
}

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
    clearStoredToken();
    // This device forgets the member's saved pages and unsent marks (ADR 162).
    clearOfflineData();
    forgetMarks();
    await queryClient.cancelQueries({ queryKey: authKeys.me });
    // Set before the session goes, so a protected screen still on show sends the visitor
    // home rather than to the sign-in page (spec §2: Sign Out returns to /).
    queryClient.setQueryData(authKeys.signedOut, true);
    queryClient.setQueryData(authKeys.me, null);
    removeUserQueries(queryClient);
  }, [queryClient]);
}
