/**
 * The two TMDB calls where-to-watch needs (ADR 182): find a TV show by its TheTVDB or IMDb
 * id, and read its watch providers in every country. Tests point `baseUrl` at a local
 * stand-in (apps/api/test/tmdb-stand-in.ts).
 */

export interface TmdbProvider {
  provider_id: number;
  provider_name: string;
  logo_path?: string | null;
  display_priority?: number | null;
}

export interface TmdbCountryOffers {
  link?: string | null;
  flatrate?: TmdbProvider[];
  free?: TmdbProvider[];
  ads?: TmdbProvider[];
  rent?: TmdbProvider[];
  buy?: TmdbProvider[];
}

export interface TmdbWatchProviders {
  id: number;
  results: Record<string, TmdbCountryOffers>;
}

export interface TmdbClient {
  /** The TMDB TV id of a show known by this external id, or null. */
  findTv(externalId: string, source: 'tvdb_id' | 'imdb_id'): Promise<number | null>;
  /** The show's offers per country; null when TMDB does not know the id. */
  watchProviders(tmdbId: number): Promise<TmdbWatchProviders | null>;
}

/** TMDB did not answer usably (down, 5xx, 401 for a wrong key): the job retries later. */
export class TmdbUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TmdbUnavailableError';
  }
}

export interface TmdbClientOptions {
  baseUrl: string;
  /** A v3 API key (32 hex digits, sent as `api_key`) or a v4 read access token (Bearer). */
  apiKey: string;
  timeoutMs?: number;
}

export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  const { baseUrl, apiKey, timeoutMs = 10_000 } = options;
  const v3Key = /^[0-9a-f]{32}$/i.test(apiKey);

  async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    if (v3Key) url.searchParams.set('api_key', apiKey);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(v3Key ? {} : { authorization: `Bearer ${apiKey}` }),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new TmdbUnavailableError(`TMDB unreachable: ${path}`, { cause });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new TmdbUnavailableError(`TMDB answered ${response.status} for ${path}`);
    }
    try {
      return await response.json();
    } catch (cause) {
      throw new TmdbUnavailableError(`TMDB sent no JSON for ${path}`, { cause });
    }
  }

  return {
    async findTv(externalId, source) {
      const body = (await get(`/find/${encodeURIComponent(externalId)}`, {
        external_source: source,
      })) as { tv_results?: { id?: unknown }[] } | null;
      const id = body?.tv_results?.[0]?.id;
      return typeof id === 'number' && Number.isInteger(id) ? id : null;
    },
    async watchProviders(tmdbId) {
      const body = (await get(`/tv/${tmdbId}/watch/providers`)) as TmdbWatchProviders | null;
      if (!body || typeof body !== 'object' || typeof body.results !== 'object') return null;
      return body;
    },
  };
}
