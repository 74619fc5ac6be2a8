import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback } from './listen';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tvmaze');
const load = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8'));

/** A recorded TVmaze answer (test/fixtures/tvmaze), as the stand-in serves it. */
export const recordedTvmaze = <T>(file: string): T => load(file) as T;

interface RecordedShow {
  id: number;
  name: string;
  externals?: { thetvdb?: number | null; imdb?: string | null };
}

/**
 * A local stand-in for api.tvmaze.com serving recorded responses on 127.0.0.1 (random port),
 * so metadata tests exercise real HTTP (status codes, headers, dropped connections) offline.
 */
export interface TvmazeStandIn {
  baseUrl: string;
  /** Requests received, as `path?query`, in order. */
  hits: string[];
  hitsOf(prefix: string): number;
  /** The next `times` requests answer 429 with `Retry-After: retryAfter` (seconds). */
  rateLimit(times: number, retryAfter?: string | null): void;
  /** Down: every connection is destroyed without an answer. */
  setDown(down: boolean): void;
  /** Hold every answer this long (requests still count as hits). */
  setDelay(ms: number): void;
  /**
   * Answer `pathname` (or exactly `pathname?query`) with this body (200) instead of the recorded
   * one, until reset: a test derives it from a recorded response (an episode dropped, one
   * renumbered), or serves a page of the show index.
   */
  serve(pathname: string, body: unknown): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startTvmazeStandIn(port = 0): Promise<TvmazeStandIn> {
  const shows = load('shows-page-0.json') as RecordedShow[];
  const episodes82 = load('shows-82-episodes.json');
  // Not in shows-page-0: found only by searching (`search('sopranos')` below).
  const sopranos = load('shows-527.json') as RecordedShow;
  const episodes527 = load('shows-527-episodes.json');
  // Not in the bundled catalogue either (browser journey, screenshots, bench).
  const severance = load('shows-44933.json') as RecordedShow;
  const episodes44933 = load('shows-44933-episodes.json');
  const known = [...shows, sopranos, severance];
  const web20240115 = load('schedule-web-2024-01-15.json');
  const searchResults = load('search-shows-results.json') as {
    score: number;
    show: RecordedShow;
  }[];

  const hits: string[] = [];
  let limited = 0;
  let retryAfter: string | null = '1';
  let down = false;
  let delay = 0;
  const served = new Map<string, unknown>();

  function route(url: URL): { status: number; body: unknown } {
    const p = url.pathname;
    if (served.has(p + url.search)) return { status: 200, body: served.get(p + url.search) };
    if (served.has(p)) return { status: 200, body: served.get(p) };
    const show = /^\/shows\/(\d+)$/.exec(p);
    if (show) {
      const found = known.find((s) => s.id === Number(show[1]));
      return found ? { status: 200, body: found } : notFound;
    }
    if (p === '/shows/82/episodes') return { status: 200, body: episodes82 };
    if (p === '/shows/527/episodes') return { status: 200, body: episodes527 };
    if (p === '/shows/44933/episodes') return { status: 200, body: episodes44933 };
    // The show index: the recorded page 0; past it TVmaze answers 404.
    if (p === '/shows')
      return url.searchParams.get('page') === '0' ? { status: 200, body: shows } : notFound;
    if (p === '/updates/shows') return { status: 200, body: {} };
    if (p === '/lookup/shows') {
      // TVmaze answers a 301 to /shows/:id; the recorded show itself is as good here.
      const tvdb = Number(url.searchParams.get('thetvdb'));
      const imdb = url.searchParams.get('imdb');
      const found = known.find(
        (s) => (tvdb && s.externals?.thetvdb === tvdb) || (imdb && s.externals?.imdb === imdb),
      );
      return found ? { status: 200, body: found } : notFound;
    }
    if (p === '/schedule/web' && url.searchParams.get('date') === '2024-01-15')
      return { status: 200, body: web20240115 };
    if (p === '/search/shows') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const seen = new Set<number>();
      const all = [
        ...searchResults,
        { score: 0.9, show: sopranos },
        { score: 0.9, show: severance },
      ];
      const body = all.filter((r) => {
        if (!q || !r.show.name.toLowerCase().includes(q) || seen.has(r.show.id)) return false;
        seen.add(r.show.id);
        return true;
      });
      return { status: 200, body };
    }
    return notFound;
  }
  const notFound = {
    status: 404,
    body: { name: 'Not Found', message: 'Page not found.', status: 404 },
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    hits.push(url.pathname + url.search);
    if (down) {
      req.socket.destroy();
      return;
    }
    const answer = () => {
      // No keep-alive: a pooled socket from before a "down" switch would fail a later test's request.
      res.setHeader('connection', 'close');
      if (limited > 0) {
        limited--;
        res.writeHead(429, {
          'content-type': 'application/json',
          ...(retryAfter !== null ? { 'retry-after': retryAfter } : {}),
        });
        res.end(JSON.stringify({ name: 'Too Many Requests', status: 429 }));
        return;
      }
      const { status, body } = route(url);
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (delay) setTimeout(answer, delay);
    else answer();
  });
  const listening = await listenOnLoopback(server, port);

  return {
    baseUrl: listening.origin,
    hits,
    hitsOf: (prefix) => hits.filter((h) => h.startsWith(prefix)).length,
    rateLimit(times, after = '1') {
      limited = times;
      retryAfter = after;
    },
    setDown(value) {
      down = value;
      // Keep-alive connections from before would otherwise still be answered.
      if (value) listening.dropConnections();
    },
    setDelay(ms) {
      delay = ms;
    },
    serve(pathname, body) {
      served.set(pathname, body);
    },
    reset() {
      served.clear();
      hits.length = 0;
      limited = 0;
      down = false;
      delay = 0;
    },
    close: listening.close,
  };
}
