import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResponse } from '@series-tracker/contracts';
import { mailsTo } from '../tests/outbox';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { chromiumFlags, chromiumPath } from '../chromium';

/** A port nothing listens on (several checks, and other people's servers, share the machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RunningServer {
  origin: string;
  /** Where the server writes its mail (no SMTP_URL): registerMember reads the links there. */
  outboxDir: string;
  stop(): Promise<void>;
}

/**
 * The real production server (built SPA + compiled API) on a throwaway SQLite file with the
 * bundled catalogue, started the way the Playwright suite starts it.
 */
export async function startServer(
  port: number,
  /** More environment for the server (a screenshot of TVmaze reach sets METADATA_SYNC=on). */
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const indexHtml = path.join(repoRoot, 'apps/web/dist/index.html');
  const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!fs.existsSync(indexHtml) || !fs.existsSync(serverJs)) {
    throw new Error(
      'No production build (apps/web/dist, apps/api/dist): run `npm run build` first.',
    );
  }
  // Whatever answers on the port must be the server started here, not someone else's.
  if (await portInUse(port)) throw new Error(`Port ${port} is in use: pass a free --port.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-web-'));
  const origin = `http://127.0.0.1:${port}`;
  const outboxDir = env.MAIL_OUTBOX_DIR ?? path.join(dir, 'outbox');
  const child: ChildProcess = spawn(
    process.execPath,
    // The compiled production server, as `npm start` and the Playwright suite run it.
    [serverJs],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${path.join(dir, 'check-web.db')}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        METADATA_SYNC: 'off',
        MAIL_OUTBOX_DIR: outboxDir,
        ...env,
      },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited while starting:\n${stderr}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health within 120 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, outboxDir, stop };
}

/**
 * One JSON call to the API of a server these scripts started: `url` with or without its
 * `/api` prefix; a 204 resolves to null; anything but 2xx throws with the answer's text.
 */
export async function api<T>(
  origin: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${origin}${url.startsWith('/api/') ? '' : '/api'}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

export interface NewMember {
  username: string;
  email: string;
  password: string;
  displayName?: string;
}

/**
 * Registers a member the way the site does since ADR 152: POST /auth/register (202), the
 * finishing link from the server's outbox (the mail is sent by a job, so it is polled for), then
 * POST /auth/finish-registration (201) — the member's token and user, as signing in gives.
 */
export async function registerMember(
  server: Pick<RunningServer, 'origin' | 'outboxDir'>,
  body: NewMember,
): Promise<AuthResponse> {
  const res = await fetch(`${server.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // The first account of a fresh server is created at once, as its administrator (ADR 173).
  if (res.status === 201) return (await res.json()) as AuthResponse;
  if (res.status !== 202)
    throw new Error(`register ${body.username} answered ${res.status}: ${await res.text()}`);
  const deadline = Date.now() + 30_000;
  let token: string | null = null;
  while (!token) {
    const mail = (
      await mailsTo(body.email, 'Finish creating your Series Tracker account', server.outboxDir)
    ).at(-1);
    token = mail?.link?.searchParams.get('token') ?? null;
    if (token) break;
    if (Date.now() > deadline)
      throw new Error(`no finishing mail to ${body.email} in ${server.outboxDir} within 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return api<AuthResponse>(server.origin, 'POST', '/auth/finish-registration', { token });
}

export interface Fixture {
  token: string;
  /** The signed-in member's username. */
  username: string;
  showId: number;
  episodeId: number;
  /** A second member's public review of the show, with a comment by the first member. */
  reviewId: number;
  /** The second member's public ranked list of a few shows. */
  listId: number;
  /** The second member's username: their profile, followed by the first member. */
  otherUsername: string;
}

/**
 * A signed-in member with a few shows on the watchlist and one episode watched, and the ids
 * of a show with a full episode list (Game of Thrones in the bundled catalogue). A second
 * member has reviewed that show and its first episode (publicly; the first member commented
 * on the review) and keeps a public ranked list of the tracked shows: the community screens
 * are checked with content, as a visitor and as a member who is not the author.
 */
export async function seed(server: RunningServer): Promise<Fixture> {
  const { origin } = server;
  const id = Date.now().toString(36);
  const { token, user: me } = await registerMember(server, {
    username: `check_${id}`,
    email: `check_${id}@example.test`,
    password: 'watching-all-night',
    displayName: 'Check Web',
  });
  const found = await api<{ data: { id: number; title: string }[] }>(
    origin,
    'GET',
    '/search/shows?q=game%20of%20thrones&limit=1',
  );
  const show = found.data[0];
  if (!show) throw new Error('Game of Thrones is not in the catalogue');
  const episodes = await api<{ data: { id: number }[] }>(
    origin,
    'GET',
    `/episodes/show/${show.id}`,
  );
  const episode = episodes.data[0];
  if (!episode) throw new Error(`${show.title} has no episodes`);

  const trending = await api<{ data: { id: number }[] }>(origin, 'GET', '/shows/trending?limit=4');
  const statuses = ['watching', 'want_to_watch', 'completed', 'paused'] as const;
  const tracked = [show.id, ...trending.data.map((s) => s.id).filter((s) => s !== show.id)];
  for (const [index, showId] of tracked.slice(0, 4).entries()) {
    await api(origin, 'POST', '/user-content-status', { showId, status: statuses[index] }, token);
  }
  await api(origin, 'POST', `/episodes/${episode.id}/progress`, { watched: true }, token);

  const otherUsername = `critic_${id}`;
  const other = await registerMember(server, {
    username: otherUsername,
    email: `critic_${id}@example.test`,
    password: 'watching-all-night',
    displayName: 'Cathy Critic',
  });
  const review = await api<{ id: number }>(
    origin,
    'POST',
    '/reviews',
    {
      showId: show.id,
      title: 'Slow start, huge payoff',
      content:
        'The first season takes its time with names and houses, but by the ninth episode every thread pulls tight. Worth sticking with.',
      rating: 8.5,
    },
    other.token,
  );
  await api(
    origin,
    'POST',
    `/reviews/${review.id}/comments`,
    { content: 'Agreed, episode nine changed everything for me.' },
    token,
  );
  await api(
    origin,
    'POST',
    '/episode-reviews',
    { episodeId: episode.id, rating: 8, content: 'A patient, confident opening hour.' },
    other.token,
  );
  const list = await api<{ id: number }>(
    origin,
    'POST',
    '/lists',
    {
      name: 'Best dramas of the decade',
      description: 'Ranked, best first.',
      isPublic: true,
      isRanked: true,
      items: tracked.slice(0, 4).map((showId) => ({ showId })),
    },
    other.token,
  );
  // The first member follows the second: a followed profile and an activity feed with entries.
  await api(origin, 'POST', `/social/${other.user.id}/follow`, undefined, token);
  return {
    token,
    username: me.username,
    showId: show.id,
    episodeId: episode.id,
    reviewId: review.id,
    listId: list.id,
    otherUsername,
  };
}
