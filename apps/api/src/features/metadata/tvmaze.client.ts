import type { TvmazeEpisode, TvmazeSearchResult, TvmazeShow } from './tvmaze.mapper';

/**
 * TVmaze is unreachable (DNS failure, refused connection, timeout, 5xx, or still rate limited
 * after our retries). Callers treat it as "offline": log once, keep serving what we have.
 */
export class MetadataUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MetadataUnavailableError';
  }
}

export interface RateLimiter {
  /** Resolves when one more call may be made. */
  take(): Promise<void>;
}

/**
 * Token bucket: `capacity` calls at once, refilled evenly over `intervalMs`. TVmaze allows
 * about 20 calls per 10 s per IP; staying under it avoids 429s instead of only reacting.
 */
export function createTokenBucket(
  capacity = 20,
  intervalMs = 10_000,
  now = () => Date.now(),
): RateLimiter {
  let tokens = capacity;
  let last = now();
  let queue = Promise.resolve();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) * capacity) / intervalMs);
    last = t;
  };
  return {
    take() {
      // Callers are served in order; each waits for the previous one's token.
      const turn = queue.then(async () => {
        refill();
        if (tokens < 1) {
          await sleep(Math.ceil(((1 - tokens) * intervalMs) / capacity));
          refill();
        }
        tokens -= 1;
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface TvmazeClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Retries after a 429 before giving up (the first attempt is not counted). */
  maxRetries?: number;
  /** First backoff when a 429 carries no Retry-After; doubles each retry. */
  backoffMs?: number;
  /** Longest we wait for one retry, whatever Retry-After asks. */
  maxBackoffMs?: number;
  limiter?: RateLimiter;
}

export interface TvmazeClient {
  /** A show, or null when TVmaze does not know the id. */
  getShow(id: number): Promise<TvmazeShow | null>;
  /** Every episode of a show, specials included; null when the id is unknown. */
  getEpisodes(showId: number): Promise<TvmazeEpisode[] | null>;
  /** Broadcast schedule of one day in one country (ISO 3166-1 alpha-2), show under `show`. */
  getSchedule(date: string, country?: string): Promise<TvmazeEpisode[]>;
  /** Streaming (web channel) schedule of one day, worldwide, show under `_embedded.show`. */
  getWebSchedule(date: string): Promise<TvmazeEpisode[]>;
  searchShows(query: string): Promise<TvmazeSearchResult[]>;
  /** A show by its TheTVDB or IMDb id (`/lookup/shows`); null when TVmaze does not know it. */
  lookupShow(by: { thetvdb?: number; imdb?: string }): Promise<TvmazeShow | null>;
  /**
   * One page of TVmaze's show index (`/shows?page=N`, 250 ids per page, ordered by id; pages
   * may have gaps); null past the last page (TVmaze answers 404 there).
   */
  getShowIndexPage(page: number): Promise<TvmazeShow[] | null>;
  /** TVmaze show ids changed in the last day / week / month → their last update (epoch s). */
  getUpdates(since: 'day' | 'week' | 'month'): Promise<Record<string, number>>;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export function createTvmazeClient(options: TvmazeClientOptions): TvmazeClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 4;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const limiter = options.limiter ?? createTokenBucket();

  /** GET a JSON resource; `null` for 404. */
  async function get<T>(pathAndQuery: string): Promise<T | null> {
    const url = `${base}${pathAndQuery}`;
    for (let attempt = 0; ; attempt++) {
      await limiter.take();
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'series-tracker (catalogue sync)' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        // fetch rejects only for network-level failures: DNS, refused/reset, TLS, timeout.
        const reason =
          err instanceof Error && err.name === 'TimeoutError'
            ? `timed out after ${timeoutMs} ms`
            : 'unreachable';
        throw new MetadataUnavailableError(`TVmaze ${reason} (${url})`, { cause: err });
      }
      if (res.status === 429) {
        await res.body?.cancel();
        if (attempt >= maxRetries) {
          throw new MetadataUnavailableError(
            `TVmaze still rate limiting after ${maxRetries} retries (${url})`,
          );
        }
        const wait = retryAfterMs(res.headers.get('retry-after')) ?? backoffMs * 2 ** attempt;
        await sleep(Math.min(wait, maxBackoffMs));
        continue;
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        throw new MetadataUnavailableError(`TVmaze answered ${res.status} (${url})`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`TVmaze answered ${res.status} for ${url}`);
      }
      try {
        return (await res.json()) as T;
      } catch (err) {
        // A body cut off mid-way (connection dropped, timeout while reading) is an outage too.
        throw new MetadataUnavailableError(`TVmaze response unreadable (${url})`, { cause: err });
      }
    }
  }

  const q = encodeURIComponent;
  return {
    getShow: (id) => get<TvmazeShow>(`/shows/${id}`),
    getEpisodes: (showId) => get<TvmazeEpisode[]>(`/shows/${showId}/episodes?specials=1`),
    getSchedule: async (date, country = 'US') =>
      (await get<TvmazeEpisode[]>(`/schedule?date=${q(date)}&country=${q(country)}`)) ?? [],
    getWebSchedule: async (date) =>
      (await get<TvmazeEpisode[]>(`/schedule/web?date=${q(date)}`)) ?? [],
    searchShows: async (query) =>
      (await get<TvmazeSearchResult[]>(`/search/shows?q=${q(query)}`)) ?? [],
    lookupShow: (by) =>
      by.thetvdb
        ? get<TvmazeShow>(`/lookup/shows?thetvdb=${by.thetvdb}`)
        : by.imdb
          ? get<TvmazeShow>(`/lookup/shows?imdb=${q(by.imdb)}`)
          : Promise.resolve(null),
    getShowIndexPage: (page) => get<TvmazeShow[]>(`/shows?page=${page}`),
    getUpdates: async (since) =>
      (await get<Record<string, number>>(`/updates/shows?since=${since}`)) ?? {},
  };
}
