import type { FastifyRequest } from 'fastify';

/**
 * Fastify's request log without secrets (ADR 150). A reset, confirmation or undo link carries
 * its one-time token in the query string of the page it opens, and that page is a request
 * like any other: the value of every token-like query parameter, any path segment that
 * looks like one of our tokens (32+ base64url characters, with or without a file extension)
 * and the secret segment of the feed and webhook addresses are replaced before a line is
 * written.
 */
const secretParam = /^(token|code|key|secret)$|token$/i;
/** One of our tokens, alone or as a file name (`<secret>.ics`). */
const tokenLike = /^[A-Za-z0-9_-]{32,}(\.[A-Za-z0-9]{1,8})?$/;
export const REDACTED = '[redacted]';

/**
 * Addresses whose path segment is the credential (ADR 160, 161), redacted whatever it looks
 * like, a guess included: the private iCal feed `/api/calendar/<secret>.ics` and the
 * media-server webhook `/api/scrobble/<secret>/<server>`. The routes beside them keep theirs.
 */
const secretPaths: [RegExp, string][] = [
  [/^\/api\/calendar\/(?!(?:settings|feed)$)[^/]+$/, `/api/calendar/${REDACTED}`],
  [/^\/api\/scrobble\/(?!settings(?:\/|$))[^/]+(?=\/|$)/, `/api/scrobble/${REDACTED}`],
];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? null : url.slice(q + 1);
  for (const [pattern, replacement] of secretPaths) path = path.replace(pattern, replacement);
  const safePath = path
    .split('/')
    .map((segment) => (tokenLike.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is matched as it is.
      }
      return secretParam.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's `logger` option: the level, the redacting request serializer, an optional sink. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): false | Record<string, unknown> {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
