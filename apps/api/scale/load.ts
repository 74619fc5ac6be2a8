import { clock, sleep } from './processes';
import { join, type Outbox } from './registration';

/**
 * The scale test's light load: a few members registering (through the mailed link), tracking shows, marking
 * episodes, writing reviews and liking each other's, spread over the live servers. Every
 * answer is a sample (when, where, what, status); every acknowledged write (2xx) goes into the
 * ledger that is checked against the database at the end.
 */
export interface Sample {
  start: number;
  end: number;
  server: string;
  op: string;
  status: number;
}

export interface Ledger {
  users: { id: number; username: string; password: string }[];
  tracked: [userId: number, showId: number][];
  marked: [userId: number, episodeId: number][];
  reviews: { id: number; userId: number; showId: number }[];
  likes: [userId: number, reviewId: number][];
}

export interface Server {
  name: string;
  url: string;
}

export class Client {
  readonly samples: Sample[] = [];

  /** One JSON request; a connection error or timeout is status 0. */
  async call(
    server: Server,
    op: string,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; record?: boolean } = {},
  ): Promise<{ status: number; json: unknown; ms: number }> {
    const start = clock();
    let status = 0;
    let json: unknown = null;
    try {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      const text = await res.text();
      json = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      status = status || 0;
    }
    const end = clock();
    if (opts.record !== false) this.samples.push({ start, end, server: server.name, op, status });
    return { status, json, ms: end - start };
  }
}

export interface LoadOptions {
  client: Client;
  /** The servers a load balancer would send to right now (the test changes it). */
  live: () => Server[];
  members: number;
  /** Catalogue shows to track, with their regular episodes in order. */
  shows: { id: number; episodes: number[] }[];
  pauseMs: number;
  tag: string;
  /** The servers' dev outbox: registering finishes through the link mailed there. */
  outbox: Outbox;
}

const ok = (status: number) => status >= 200 && status < 300;

/** Runs until `stop()`; returns the ledger of acknowledged writes. */
export function startLoad(opts: LoadOptions) {
  const { client } = opts;
  const ledger: Ledger = { users: [], tracked: [], marked: [], reviews: [], likes: [] };
  let running = true;
  let paused = false;
  let turn = 0;
  const pick = () => {
    const live = opts.live();
    return live[turn++ % live.length]!;
  };

  async function member(k: number) {
    const username = `load_${opts.tag}_${k}`;
    const email = `${username}@example.test`;
    const password = 'scale test password';
    let token = '';
    let userId = 0;
    while (running && !token) {
      // Register and finish through the mailed link (retried while a fault refuses a step):
      // only an account whose finishing answered 201 counts as acknowledged.
      const joined = await join(
        client,
        pick,
        opts.outbox,
        { username, email, password },
        {
          running: () => running,
        },
      );
      if (joined.created) {
        userId = joined.created.id;
        ledger.users.push({ id: userId, username, password });
      } else if (!joined.maybe) continue;
      // Then sign in, as members do. After a lost answer ("maybe") the account may not exist
      // after all: 401, and it registers again.
      while (running) {
        const res = await client.call(pick(), 'sign-in', 'POST', '/api/auth/login', {
          body: { identifier: username, password },
        });
        if (ok(res.status)) {
          const body = res.json as { token: string; user: { id: number } };
          token = body.token;
          userId = body.user.id;
          break;
        }
        if (res.status === 401 && !joined.created) break;
        await sleep(200);
      }
    }
    const mine: { id: number; episodes: number[]; next: number; reviewed: boolean }[] = [];
    const liked = new Set<number>();
    let showTurn = 0;
    for (let i = 0; running; i++) {
      const server = pick();
      const step = i % 5;
      if (step === 0 && showTurn < opts.shows.length) {
        // Members overlap on shows, so watcher counters move concurrently.
        const show = opts.shows[(k * 7 + showTurn++) % opts.shows.length]!;
        if (!mine.some((m) => m.id === show.id)) {
          const res = await client.call(server, 'track', 'POST', '/api/user-content-status', {
            token,
            body: { showId: show.id, status: 'watching' },
          });
          mine.push({ ...show, next: 0, reviewed: false });
          if (res.status === 201) ledger.tracked.push([userId, show.id]);
        }
      } else if ((step === 1 || step === 3) && mine.length) {
        const show = mine[i % mine.length]!;
        const episodeId = show.episodes[show.next++];
        if (episodeId !== undefined) {
          const res = await client.call(
            server,
            'mark',
            'POST',
            `/api/episodes/${episodeId}/progress`,
            {
              token,
              body: { watched: true },
            },
          );
          if (ok(res.status)) ledger.marked.push([userId, episodeId]);
        }
      } else if (step === 2 && mine.length) {
        const show = mine[i % mine.length]!;
        if (!show.reviewed && ledger.reviews.filter((r) => r.userId === userId).length < 5) {
          show.reviewed = true;
          const res = await client.call(server, 'review', 'POST', '/api/reviews', {
            token,
            body: {
              showId: show.id,
              title: `Scale review ${k}.${i}`,
              content: 'Written by the scale test while servers come and go.',
              rating: 1 + (i % 10),
            },
          });
          if (res.status === 201)
            ledger.reviews.push({ id: (res.json as { id: number }).id, userId, showId: show.id });
        } else {
          await client.call(server, 'show-page', 'GET', `/api/shows/${show.id}`);
        }
      } else if (step === 4) {
        const review = ledger.reviews.find((r) => r.userId !== userId && !liked.has(r.id));
        if (review) {
          liked.add(review.id);
          const res = await client.call(server, 'like', 'POST', `/api/reviews/${review.id}/like`, {
            token,
          });
          if (ok(res.status)) ledger.likes.push([userId, review.id]);
        } else {
          await client.call(server, 'me', 'GET', '/api/auth/me', { token });
        }
      }
      await sleep(opts.pauseMs);
      while (paused && running) await sleep(20);
    }
  }

  const workers = Array.from({ length: opts.members }, (_, k) => member(k));
  return {
    ledger,
    /** Holds the members between requests (a quiet moment for a latency figure). */
    pause(on: boolean) {
      paused = on;
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}
