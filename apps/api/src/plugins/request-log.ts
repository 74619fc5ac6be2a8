import type { FastifyRequest } from 'fastify';

/**
 * Fastify's request log without secrets (ADR 150). A reset, confirmation or undo link carries
 * its one-time token in the query string of the page it opens, and that page is a request
 * like any other: the value of every token-like query parameter, and any path segment that
 * looks like one of our tokens (43 base64url characters), is replaced before a line is written.
 */
const secretParam = /^(token|code|key|secret)$|token$/i;
const tokenLike = /^[A-Za-z0-9_-]{32,}$/;
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? null : url.slice(q + 1);
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
