import { LRUCache } from 'lru-cache';

export interface ResponseCache {
  /** Drops every entry carrying one of these tags (and stops in-flight ones from being stored). */
  invalidateTags(tags: string[]): void;
  /** Drops everything (tests; an operator's reset). Domain changes use invalidateTags. */
  clear(): void;
  size(): number;
  /** Bytes accounted for the entries held (bounded by the `maxBytes` option). */
  bytes(): number;
}

export interface Entry {
  body: Buffer;
  etag: string;
  tags: string[];
  /** Compressed copies, made on the first request that accepts them. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface Flight {
  promise: Promise<Entry | null>;
  resolve(entry: Entry | null): void;
  tags: string[];
}

export interface RequestState {
  key: string;
  /** Kept for one signed-in member only: browsers and proxies must not share it. */
  personal: boolean;
  tags: string[];
  /** Invalidation generation when the request started: a later invalidation of one of its tags
   * means the handler may have read data from before that change, so its answer is not kept. */
  generation: number;
  hit: boolean;
  flight: Flight | null;
}

/**
 * The entries by key and by tag, the requests computing an answer (single flight), and the
 * invalidation generations that keep an answer read before a change from being stored after it.
 */
export function createEntryStore(maxBytes: number) {
  const byTag = new Map<string, Set<string>>();
  const cache = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => 2 * e.body.length + 200,
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  const inflight = new Map<string, Flight>();
  let generation = 0;
  let clearedAt = 0;
  const invalidatedAt = new Map<string, number>();

  const api: ResponseCache = {
    invalidateTags(tags) {
      generation++;
      const set = new Set(tags);
      for (const tag of set) {
        invalidatedAt.set(tag, generation);
        for (const key of [...(byTag.get(tag) ?? [])]) cache.delete(key);
      }
      // Requests arriving from now on must not join a flight that may have read old data.
      for (const [key, flight] of inflight)
        if (flight.tags.some((t) => set.has(t))) inflight.delete(key);
    },
    clear() {
      generation++;
      cache.clear();
      inflight.clear();
      clearedAt = generation;
    },
    size: () => cache.size,
    bytes: () => cache.calculatedSize,
  };
  const isStale = (state: RequestState, tags: string[]) =>
    clearedAt > state.generation ||
    tags.some((t) => (invalidatedAt.get(t) ?? 0) > state.generation);

  return {
    api,
    /** The current invalidation generation (a request notes it when it starts). */
    generation: () => generation,
    get: (key: string) => cache.get(key),
    flight: (key: string) => inflight.get(key),
    /** Leads the computation of `key` unless another request already does (then null). */
    lead(key: string, tags: string[]): Flight | null {
      if (inflight.has(key)) return null;
      let resolve!: (e: Entry | null) => void;
      const promise = new Promise<Entry | null>((r) => (resolve = r));
      const flight: Flight = { promise, resolve, tags };
      inflight.set(key, flight);
      return flight;
    },
    /** Hands the answer (or nothing) to the requests waiting on this one's flight. */
    land(state: RequestState, entry: Entry | null) {
      const flight = state.flight;
      if (!flight) return;
      state.flight = null;
      if (inflight.get(state.key) === flight) inflight.delete(state.key);
      flight.resolve(entry);
    },
    /** Keeps the entry unless one of its tags was invalidated since the request started. */
    keep(state: RequestState, entry: Entry, ttlMs: number) {
      if (isStale(state, entry.tags)) return;
      cache.set(state.key, entry, { ttl: ttlMs });
      if (cache.has(state.key))
        for (const tag of entry.tags) {
          let keys = byTag.get(tag);
          if (!keys) byTag.set(tag, (keys = new Set()));
          keys.add(state.key);
        }
    },
  };
}
