import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts/constants';

/*
 * The bearer token lives in localStorage under the key the spec fixes (§9).
 * Storage can throw (private mode, disabled storage); the app then behaves as signed out
 * instead of crashing.
 */

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts only as long as the page.
  }
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
