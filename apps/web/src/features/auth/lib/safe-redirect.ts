/**
 * Where to go after signing in: a `?next=` parameter or a `from` location state, only if
 * it is a path on this site. Anything else (absolute URLs, `//host`, `/\host`) falls back
 * to '/', so a crafted link cannot send a user elsewhere after they sign in.
 */
export function getSafeRedirect(candidate: unknown, fallback = '/'): string {
  const path = toPath(candidate);
  if (!path) return fallback;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (Array.from(path).some(isControlCharacter)) return fallback;
  // Going back to a sign-in screen after signing in would only bounce to home.
  if (/^\/(login|register)(?:[/?#]|$)/.test(path)) return fallback;
  return path;
}

function toPath(candidate: unknown): string | null {
  if (typeof candidate === 'string') return candidate;
  if (typeof candidate === 'object' && candidate !== null && 'pathname' in candidate) {
    const { pathname, search, hash } = candidate as {
      pathname: unknown;
      search?: unknown;
      hash?: unknown;
    };
    if (typeof pathname !== 'string') return null;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return null;
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** Carries a return path across the switch between sign-in and sign-up. */
export function withNext(path: string, redirectTo: string): string {
  return redirectTo === '/' ? path : `${path}?next=${encodeURIComponent(redirectTo)}`;
}
