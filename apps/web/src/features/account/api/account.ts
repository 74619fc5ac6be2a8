import type {
  AccountSession,
  CurrentUser,
  MessageResponse,
  SessionsResponse,
  UpdateMeBody,
} from '@series-tracker/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { forgetStoredMember, removeUserQueries } from '@/features/auth/api/forget-member';
import { authKeys } from '@/features/auth/api/auth-keys';

/** Query keys of the account feature. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
};

/** Puts the server's copy of the signed-in user where the header and every screen read it. */
export function storeUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(authKeys.me, user);
}

export const updateMe = (body: UpdateMeBody) =>
  api.put<{ user: CurrentUser }>('/users/me', body).then((r) => r.user);

/** `run` wraps the request, e.g. in useRecentSignIn's "Confirm it's you" (an address change). */
export function useUpdateMe(
  run: <T>(action: () => Promise<T>) => Promise<T> = (action) => action(),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => run(() => updateMe(body)),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ user: CurrentUser }>('/users/me/avatar').then((r) => r.user),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export const forgotPassword = (email: string) =>
  api.post<MessageResponse>('/auth/forgot-password', { email });

export const resetPassword = (token: string, password: string) =>
  api.post<MessageResponse>('/auth/reset-password', { token, password });

export const verifyEmail = (token: string) =>
  api.post<MessageResponse>('/auth/verify-email', { token });

/** The old address's link after an e-mail change (ADR 150). */
export const undoEmailChange = (token: string) =>
  api.post<MessageResponse>('/auth/undo-email-change', { token });

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/auth/resend-verification'),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post<MessageResponse>('/auth/change-password', body),
    // Other sessions were signed out: the list changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) =>
    api.get<SessionsResponse>('/auth/sessions', { signal }).then((r) => r.data),
});

export const useSessions = () => useQuery(sessionsQueryOptions);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/auth/sessions/${id}`),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (list) =>
        list?.filter((s) => s.id !== id),
      ),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number }>('/auth/sessions'),
    onSuccess: () =>
      queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (list) =>
        list?.filter((s) => s.current),
      ),
  });
}

/** Deletes the account; this device is then signed out like after Sign Out. */
/**
 * Deletes the account with the password, or without one (an account made through single
 * sign-on) through `run`, which asks "Confirm it's you" when the sign-in is not recent.
 */
export function useDeleteAccount(
  run: <T>(action: () => Promise<T>) => Promise<T> = (action) => action(),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string | undefined) =>
      run(() => apiRequest<void>('DELETE', '/users/me', { body: password ? { password } : {} })),
    onSuccess: async () => {
      // Nothing of the deleted account stays on the device: saved pages, unsent marks (ADR 162).
      forgetStoredMember();
      await queryClient.cancelQueries({ queryKey: authKeys.me });
      queryClient.setQueryData(authKeys.signedOut, true);
      queryClient.setQueryData(authKeys.me, null);
      removeUserQueries(queryClient);
    },
  });
}
