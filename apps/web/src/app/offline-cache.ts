import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { deviceOwner, OFFLINE_CACHE_KEY, readJson, writeJson } from '@/lib/offline-store';

/*
 * "Recently viewed pages stay readable" (ADR 162): the query cache's successful answers are
 * copied to localStorage, tagged with the member they belong to, and put back on the next
 * start, so a page opened before shows its last known content without the server. Only this
 * member's copy is ever restored; sign-out removes it (lib/offline-store.ts).
 */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const MAX_QUERIES = 80;
/** localStorage holds about 5 MB per site; leave most of it to everything else. */
const MAX_CHARS = 1_500_000;
const WRITE_DELAY_MS = 1000;

interface Saved {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

const sessionHash = JSON.stringify(authKeys.me);

/** A copy holding a member's session belongs to that member, never to nobody. */
function holdsAMember(state: DehydratedState): boolean {
  return state.queries.some((q) => q.queryHash === sessionHash && q.state.data);
}

export function restoreQueryCache(client: QueryClient): void {
  const saved = readJson<Saved>(OFFLINE_CACHE_KEY);
  if (!saved || saved.owner !== deviceOwner() || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  // Written for nobody while a member's answers were still in a tab (an older build): not
  // shown, or the page would act signed in without a token.
  if (saved.owner === 'anon' && holdsAMember(saved.state)) return;
  try {
    hydrate(client, saved.state);
  } catch {
    return;
  }
  // Shown at once, and every restored answer (the session too) is asked for again as its
  // screen mounts: a reload must never show older data than the server has.
  void client.invalidateQueries({ refetchType: 'none' });
}

function save(client: QueryClient) {
  // A tab whose token has gone (signed out in another tab, storage cleared) still holds the
  // member's answers until it reloads: they are never stored as nobody's.
  if (deviceOwner() === 'anon' && client.getQueryData(authKeys.me)) return;
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success',
  });
  // Newest first, and only as many as fit.
  let queries = [...state.queries]
    // "Signed out in this tab" belongs to the tab, not the device.
    .filter((q) => q.queryHash !== JSON.stringify(authKeys.signedOut))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_QUERIES);
  while (queries.length > 0) {
    const saved: Saved = {
      owner: deviceOwner(),
      savedAt: Date.now(),
      state: { mutations: [], queries },
    };
    const text = JSON.stringify(saved);
    if (text.length <= MAX_CHARS && writeJson(OFFLINE_CACHE_KEY, saved)) return;
    queries = queries.slice(0, Math.floor(queries.length / 2));
  }
}

/** Keeps the stored copy up to date (a second after the cache settles, and when the tab hides). */
export function persistQueryCache(client: QueryClient): () => void {
  let timer: number | undefined;
  const flush = () => {
    window.clearTimeout(timer);
    timer = undefined;
    save(client);
  };
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, WRITE_DELAY_MS);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) flush();
  };
  document.addEventListener('visibilitychange', onHide);
  return () => {
    stop();
    document.removeEventListener('visibilitychange', onHide);
    window.clearTimeout(timer);
  };
}
