import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/api/auth-keys';
import { OFFLINE_CACHE_KEY } from '@/lib/offline-store';
import { clearStoredToken, setStoredToken } from '@/lib/token-storage';
import { buildUser } from '@/test/fixtures';
import { persistQueryCache, restoreQueryCache } from './offline-cache';

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

/** A tab signed in as Alice, keeping its offline copy (timers faked: advance them to save). */
function tabSignedInAsAlice() {
  setStoredToken('token-of-alice');
  vi.useFakeTimers();
  const tab = new QueryClient();
  const stop = persistQueryCache(tab);
  tab.setQueryData(authKeys.me, buildUser());
  return { tab, stop };
}

describe('the offline copy of the query cache (ADR 162)', () => {
  it('is restored for the member it was written for', () => {
    const { stop } = tabSignedInAsAlice();
    vi.advanceTimersByTime(1500);
    stop();

    const next = new QueryClient();
    restoreQueryCache(next);
    expect(next.getQueryData(authKeys.me)).toEqual(buildUser());
  });

  it('never stores a member’s answers as nobody’s once the token has gone', () => {
    const { tab, stop } = tabSignedInAsAlice();
    // Signed out elsewhere, or storage cleared, while this tab still holds the answers.
    window.localStorage.clear();
    clearStoredToken();
    tab.setQueryData(['shows', 'detail', 80], { id: 80 });
    vi.advanceTimersByTime(1500);
    stop();
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();

    const next = new QueryClient();
    restoreQueryCache(next);
    expect(next.getQueryData(authKeys.me)).toBeUndefined();
  });

  it('does not restore a copy written for nobody that holds a member’s session', () => {
    window.localStorage.setItem(
      OFFLINE_CACHE_KEY,
      JSON.stringify({
        owner: 'anon',
        savedAt: Date.now(),
        state: {
          mutations: [],
          queries: [
            {
              queryKey: authKeys.me,
              queryHash: JSON.stringify(authKeys.me),
              state: { data: buildUser(), status: 'success', dataUpdatedAt: Date.now() },
            },
          ],
        },
      }),
    );
    const next = new QueryClient();
    restoreQueryCache(next);
    expect(next.getQueryData(authKeys.me)).toBeUndefined();
  });
});
