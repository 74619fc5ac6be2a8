import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EventBus, EventName } from './events';
import type { Logger } from './logger';

/**
 * Domain events between app servers over Redis pub/sub (issue 20): what one server emits, every
 * other server's `onEveryServer` subscribers see within milliseconds — the response cache,
 * the per-viewer cache and the signed-in cache drop what a write on another server changed,
 * so they can stay on with several servers. Side effects that must happen once (activity,
 * mail) are `on` subscribers and never run for a remote event.
 *
 * Fire and forget: while Redis is down nothing is delivered (logged once); other servers'
 * cached answers then age out by their TTL (30 s–5 min, README "Running several servers").
 */
export function createRedisEventBridge(opts: {
  redis: Redis;
  prefix: string;
  events: EventBus;
  log: Pick<Logger, 'warn' | 'error'>;
}): { close(): Promise<void> } {
  const { redis, events, log } = opts;
  const channel = `${opts.prefix}events`;
  const origin = randomUUID();
  // A subscribed connection can do nothing else; this one may wait for Redis to come back.
  // Without the parent's 250 ms command timeout: SUBSCRIBE waits in the offline queue while the
  // connection is made (a busy server's start took longer and logged "Command timed out").
  const sub = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  sub.on('error', () => undefined);
  sub.subscribe(channel).catch((err: unknown) => log.error({ err }, 'event bridge subscribe'));
  sub.on('message', (_channel: string, message: string) => {
    let parsed: { origin?: string; name?: EventName; payload?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (!parsed.name || parsed.origin === origin) return;
    void events.deliverRemote(parsed.name, parsed.payload);
  });
  let warned = false;
  events.connect({
    publish(name, payload) {
      redis
        .publish(channel, JSON.stringify({ origin, name, payload }))
        .then(() => {
          warned = false;
        })
        .catch((err: unknown) => {
          if (warned) return;
          warned = true;
          log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'Redis unavailable; other servers will not hear of this change until it returns',
          );
        });
    },
  });
  return {
    async close() {
      // No QUIT round trip: with Redis down it would wait for a connection that never comes.
      sub.disconnect();
    },
  };
}
