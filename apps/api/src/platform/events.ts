import type { FastifyBaseLogger } from 'fastify';

/**
 * Every domain event and its payload. A feature adds its events here; subscribers (cache
 * invalidation, trending, later activity and mail) react to them instead of the feature
 * calling into them. Events are published after the transaction that caused them commits, so
 * a subscriber never sees a change that was rolled back.
 */
export interface DomainEvents {
  /** Episodes were marked (watched: true) or unmarked (false) by a user. */
  'episode.watched': { userId: number; showId: number; episodeIds: number[]; watched: boolean };
  /** A user's watchlist item for a show was created, changed or removed. */
  'tracking.changed': {
    userId: number;
    showId: number;
    change: 'added' | 'updated' | 'removed' | 'progress';
  };
  /** Counters kept on shows (total users, favourites) moved. */
  'show.counters.changed': { showIds: number[] };
  /** Catalogue rows of these shows (details, episodes) were written by an import or a sync. */
  'catalog.refreshed': { showIds: number[]; source: 'tvmaze' | 'import' };
}

export type EventName = keyof DomainEvents;
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export interface EventBus {
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /**
   * Runs every subscriber of `name` in subscription order and resolves when they are done.
   * Call it after commit. A subscriber that throws is logged and skipped: a side effect never
   * fails the change that caused it.
   */
  emit<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

type AnyHandler = (payload: unknown) => void | Promise<void>;

export function createEventBus(log?: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<EventName, AnyHandler[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as AnyHandler);
      handlers.set(name, list);
      return () => {
        const current = handlers.get(name) ?? [];
        handlers.set(
          name,
          current.filter((h) => h !== handler),
        );
      };
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await handler(payload);
        } catch (err) {
          log?.error({ err, event: name }, 'event subscriber failed');
        }
      }
    },
  };
}
