import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback } from './listen';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tmdb');
const load = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8'));

/** The key the stand-in accepts (as `api_key` or a Bearer token); anything else is a 401. */
export const TMDB_TEST_KEY = '0123456789abcdef0123456789abcdef';

/**
 * A local stand-in for api.themoviedb.org/3 (ADR 182) serving hand-written responses in TMDB's
 * shapes on 127.0.0.1: /find by TheTVDB id (Game of Thrones) and IMDb id (Breaking Bad), and
 * both shows' /tv/{id}/watch/providers. Unknown ids answer as TMDB does (empty find, 404).
 */
export interface TmdbStandIn {
  baseUrl: string;
  /** Requests received, as `path?query` without the key, in order. */
  hits: string[];
  /** Every answer is a 503 while down. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startTmdbStandIn(port = 0): Promise<TmdbStandIn> {
  const finds: Record<string, unknown> = {
    'tvdb_id:121361': load('find-tvdb-121361.json'),
    'imdb_id:tt0903747': load('find-imdb-tt0903747.json'),
  };
  const providers: Record<string, unknown> = {
    '1399': load('tv-1399-watch-providers.json'),
    '1396': load('tv-1396-watch-providers.json'),
  };
  const empty = load('find-empty.json');
  const hits: string[] = [];
  let down = false;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = url.searchParams.get('api_key');
    url.searchParams.delete('api_key');
    hits.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (down) return send(503, { status_code: 11, status_message: 'Internal error.' });
    const bearer = req.headers.authorization === `Bearer ${TMDB_TEST_KEY}`;
    if (key !== TMDB_TEST_KEY && !bearer)
      return send(401, {
        status_code: 7,
        status_message: 'Invalid API key: You must be granted a valid key.',
        success: false,
      });
    const find = /^\/3\/find\/([^/]+)$/.exec(url.pathname);
    if (find) {
      const source = url.searchParams.get('external_source');
      return send(200, finds[`${source}:${decodeURIComponent(find[1]!)}`] ?? empty);
    }
    const watch = /^\/3\/tv\/(\d+)\/watch\/providers$/.exec(url.pathname);
    if (watch && providers[watch[1]!]) return send(200, providers[watch[1]!]);
    return send(404, {
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
      success: false,
    });
  });
  const listening = await listenOnLoopback(server, port);
  return {
    baseUrl: `${listening.origin}/3`,
    hits,
    setDown(value) {
      down = value;
    },
    close: listening.close,
  };
}
