import type { CurrentUser, MeResponse } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';
import { clearStoredToken, getStoredToken } from '@/lib/token-storage';

export function getCurrentUser(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>('/auth/me', { signal });
}

/**
 * Resolves the session on start (spec §4): no token means anonymous without a call;
 * a stored token is checked with GET /auth/me, and any failure clears it (spec §8).
 */
export async function loadSession(signal?: AbortSignal): Promise<CurrentUser | null> {
  if (!getStoredToken()) return null;
  try {
    const { user } = await getCurrentUser(signal);
    return user;
  } catch (error) {
    if (signal?.aborted) throw error;
    clearStoredToken();
    return null;
  }
}
