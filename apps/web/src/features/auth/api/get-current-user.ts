import type { CurrentUser, MeResponse } from '@series-tracker/contracts';
import { api, isApiError } from '@/lib/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { getStoredToken } from '@/lib/token-storage';
import { forgetStoredMember, sessionEnded } from './forget-member';

export function getCurrentUser(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>('/auth/me', { signal });
}

/** Only the server saying "this token is no good" ends a session; see ADR 030. */
export function isSessionRejected(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Resolves the session on start (spec §4): no token means anonymous without a call;
 * a stored token is checked with GET /auth/me. Only a 401 clears it (spec §8's "failed
 * token check"), and with it everything the device kept for the member (ADR 162). A cancelled check (a reload or navigation while it runs), a network error,
 * a timeout or a 5xx says nothing about the token: it is kept and the check fails, so the
 * session query retries it and the app shows that it could not check (ADR 030).
 */
export async function loadSession(
  signal?: AbortSignal,
  queryClient?: QueryClient,
): Promise<CurrentUser | null> {
  if (!getStoredToken()) return null;
  try {
    const { user } = await getCurrentUser(signal);
    return user;
  } catch (error) {
    if (!signal?.aborted && isSessionRejected(error)) {
      // The device forgets the member: token, saved pages, unsent marks, cached answers.
      if (queryClient) sessionEnded(queryClient);
      else forgetStoredMember();
      return null;
    }
    throw error;
  }
}
