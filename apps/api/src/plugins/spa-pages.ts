import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A row of the web build's route-preloads.json (apps/web/build/route-preloads.ts). */
interface RoutePreload {
  /** React Router's pattern: '' for the home page, `show/:id`, … */
  path: string;
  /** The screen's chunks beyond the entry, as absolute URLs (`/assets/…`). */
  files: string[];
}

interface Page {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function readPreloads(file: string): RoutePreload[] {
  try {
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.filter(
      (r): r is RoutePreload =>
        typeof r?.path === 'string' &&
        Array.isArray(r.files) &&
        r.files.every((f: unknown) => typeof f === 'string' && /^\/assets\/[\w~.-]+\.js$/.test(f)),
    );
  } catch {
    // A build without the file (older build, dev setups): pages go out without preloads.
    return [];
  }
}

const segments = (p: string) => p.split('/').filter(Boolean);

/** The pattern of `pathname` among `rows`, as React Router matches it (case-insensitive). */
export function matchScreen(rows: RoutePreload[], pathname: string): RoutePreload | undefined {
  const parts = segments(pathname.toLowerCase());
  return rows.find((row) => {
    const pattern = segments(row.path.toLowerCase());
    return (
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p === parts[i])
    );
  });
}

/**
 * The single-page app's index.html as the answer to a page URL, with the screen's own code
 * announced in the head (`<link rel="modulepreload">` for the chunks of that URL's route):
 * a first visit fetches it together with the entry, not after the entry has run (ADR 185).
 * One variant per screen, built and compressed on first use and kept; `index.html` itself
 * (the service worker's offline shell) stays as built.
 */
export function spaPages(webDistDir: string) {
  const html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const rows = readPreloads(path.join(webDistDir, 'route-preloads.json'));
  const pages = new Map<string, Page>();

  const build = (row: RoutePreload | undefined): Page => {
    const links = (row?.files ?? [])
      .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
      .join('\n    ');
    const identity = Buffer.from(
      links ? html.replace('</head>', `  ${links}\n  </head>`) : html,
      'utf8',
    );
    return {
      etag: `"${crypto.createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`,
      identity,
      br: zlib.brotliCompressSync(identity),
      gzip: zlib.gzipSync(identity, { level: 9 }),
    };
  };

  const pageFor = (pathname: string): Page => {
    const row = matchScreen(rows, pathname);
    const key = row?.path ?? '*';
    let page = pages.get(key);
    if (!page) {
      page = build(row);
      pages.set(key, page);
    }
    return page;
  };

  return {
    /** Sends the page for the request's URL: no-cache (revalidated), compressed if accepted. */
    send(request: FastifyRequest, reply: FastifyReply) {
      const page = pageFor(request.url.split('?')[0] ?? '/');
      void reply
        .header('Content-Type', 'text/html; charset=UTF-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepts)) {
        return reply.header('Content-Encoding', 'gzip').send(page.gzip);
      }
      return reply.send(page.identity);
    },
  };
}
