import type { FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import type { Entry } from './response-cache.store';

/**
 * Browsers must ask again every time (a user who just tracked a show expects its count to move),
 * but an unchanged response costs them only a 304 thanks to the ETag.
 */
const BROWSER_CACHE = 'no-cache';
/** Responses under this many bytes are sent as they are (as @fastify/compress does). */
export const COMPRESS_THRESHOLD = 1024;
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

/** The encoding to answer with: br, else gzip, when the client accepts it (q > 0). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function encoded(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') return (entry.br ??= zlib.brotliCompressSync(entry.body, BROTLI));
  return (entry.gzip ??= zlib.gzipSync(entry.body));
}

/** Whether the client's If-None-Match names this ETag (then a 304 answers it). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter.
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Anonymous-only entries also vary by Authorization: a signed-in request gets its own answer. */
const varyOf = (request: FastifyRequest) => {
  const cfg = request.routeOptions.config.cache;
  return cfg?.anonymousOnly || cfg?.perViewer
    ? 'accept-encoding, authorization'
    : 'accept-encoding';
};
/** A member's own answer may be kept by their browser, never by a shared cache. */
const cacheControlOf = (request: FastifyRequest) =>
  request.responseCacheState?.personal ? `private, ${BROWSER_CACHE}` : BROWSER_CACHE;

/** Cache-Control, ETag and Vary of a cached (or cacheable) answer, on a 200 and a 304 alike. */
export function setCacheHeaders(request: FastifyRequest, reply: FastifyReply, etag: string) {
  void reply
    .header('cache-control', cacheControlOf(request))
    .header('etag', etag)
    .header('vary', varyOf(request));
}

/**
 * Sets the cache headers and, when the client accepts it and the body is big enough, the
 * compressed body (so @fastify/compress leaves it alone). Returns what to send.
 */
export function prepare(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer {
  setCacheHeaders(request, reply, entry.etag);
  if (entry.body.length < COMPRESS_THRESHOLD) return entry.body;
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return entry.body;
  void reply.header('content-encoding', encoding);
  return encoded(entry, encoding);
}
