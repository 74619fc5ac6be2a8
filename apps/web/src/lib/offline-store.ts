import { getStoredToken } from './token-storage';

/*
 * What the app keeps on this device for offline use (ADR 162): the per-member copy of the
 * query cache (app/offline-cache.ts) and the queue of episode marks made offline
 * (features/tracking/api/offline-marks.ts). Both are tagged with `deviceOwner()`, so one
 * member's saved pages or marks are never shown or sent for another; sign-out clears both.
 */
export const OFFLINE_CACHE_KEY = 'series-tracker.offline-cache.v1';
export const OFFLINE_MARKS_KEY = 'series-tracker.offline-marks.v1';

/**
 * Who the stored things belong to: a short hash of the session token ('anon' without one).
 * Not a secret (the token sits in the same storage): it only keeps members apart.
 */
export function deviceOwner(): string {
  const token = getStoredToken();
  if (!token) return 'anon';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `m${(hash >>> 0).toString(36)}`;
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** False when storage is full or unavailable (the caller carries on without it). */
export function writeJson(key: string, value: unknown): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** Sign-out: this device forgets the member's saved pages and unsent marks. */
export function clearOfflineData(): void {
  removeKey(OFFLINE_CACHE_KEY);
  removeKey(OFFLINE_MARKS_KEY);
}
