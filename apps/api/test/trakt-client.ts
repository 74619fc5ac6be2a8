import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Trakt from 'trakt.tv';
import type { Db } from '../src/db/connection';
import type { NewShow } from '../src/db/types';
import { buildShowWithEpisodes, connectTraktApp, registerUser } from './factories';

/**
 * The real npm Trakt client (`trakt.tv`) pointed at our /trakt surface: the app listens on
 * 127.0.0.1 (a free port) and the client carries a token as a connected app's (ADR 170).
 */
export async function listenForTrakt(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/trakt`;
}

export async function traktClientFor(app: FastifyInstance, base: string, userId: number) {
  const token = await connectTraktApp(app, userId);
  const trakt = new Trakt({
    client_id: 'test-client-id',
    client_secret: 'test-client-secret',
    api_url: base,
  });
  await trakt.import_token({
    access_token: token.access_token,
    refresh_token: token.refresh_token,
    expires: Date.now() + token.expires_in * 1000,
  });
  return { trakt, token };
}

/** A new member with a connected Trakt app: `trakt` is the client, `grant` its token answer. */
export async function traktMember(app: FastifyInstance, base: string) {
  const u = await registerUser(app);
  const { trakt, token } = await traktClientFor(app, base, u.user.id);
  return { ...u, trakt, grant: token };
}

/** The status and parsed body of a call the client rejected (got's HTTPError). */
export async function failure(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (err) {
    const response = (err as { response?: { statusCode: number; body: string } }).response;
    if (!response) throw err;
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
  }
  throw new Error('The call succeeded');
}

/** Breaking Bad as the catalogue holds it (2 seasons of 4 and a special), the shows Trakt tests ask for. */
export const buildBreakingBad = (db: Db, extra: Partial<NewShow> = {}) =>
  buildShowWithEpisodes(db, 2, 4, {
    title: 'Breaking Bad',
    first_air_date: '2008-01-20',
    tvdb_id: 81189,
    imdb_id: 'tt0903747',
    runtime_minutes: 47,
    ...extra,
  });
