import type { FastifyInstance } from 'fastify';
import { registerBodySchema, type AuthResponse } from '@series-tracker/contracts';
import type { Db } from '../src/db/connection';
import type { NewShow, ShowRow } from '../src/db/types';
import { nowIso } from '../src/lib/time';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface UserInput {
  username?: string;
  email?: string;
  password?: string;
  displayName?: string;
}

/**
 * A member, signed in: the account is made as finishing a registration makes it (ADR 152),
 * through the registration service with the API's own validation, without the mailbox round
 * trip. Registration itself (the 202, the mails, the link) is tested in auth/registration.test.ts.
 */
export async function registerUser(
  app: FastifyInstance,
  input: UserInput = {},
): Promise<AuthResponse & { password: string }> {
  const id = next();
  const body = registerBodySchema.parse({
    username: input.username ?? `user_${id}`,
    email: input.email ?? `user_${id}@example.test`,
    password: input.password ?? 'correct horse battery',
    ...(input.displayName ? { displayName: input.displayName } : {}),
  });
  const response = await app.services.registration.createAccount(body);
  return { ...response, password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Inserts a member row directly, in the columns the first schema had (0001), so a test of a
 * migration can use it on the schema before that migration. Other tests register
 * (`registerUser`).
 */
export async function buildMemberRow(db: Db, username = `member_${next()}`) {
  const now = nowIso();
  return db.kysely
    .insertInto('users')
    .values({
      username,
      username_lower: username.toLowerCase(),
      email: `${username}@example.test`,
      email_lower: `${username.toLowerCase()}@example.test`,
      password_hash: 'x',
      is_public: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Inserts a show row directly (catalogue data is not created through the API). */
export async function buildShow(db: Db, overrides: Partial<NewShow> = {}): Promise<ShowRow> {
  const id = next();
  const now = nowIso();
  return db.kysely
    .insertInto('shows')
    .values({
      source_id: `test:${id}`,
      source: 'test',
      source_hash: id,
      kind: 'series',
      title: `Show ${id}`,
      status: 'airing',
      episodes_complete: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts an episode row for a show. */
export async function buildEpisode(
  db: Db,
  showId: number,
  overrides: Partial<{
    season_number: number | null;
    episode_number: number | null;
    type: string;
    air_date: string | null;
    title: string;
  }> = {},
) {
  const id = next();
  const now = nowIso();
  return db.kysely
    .insertInto('episodes')
    .values({
      source_id: `test:${id}`,
      source_hash: id,
      show_id: showId,
      season_number: 1,
      episode_number: 1,
      type: 'regular',
      title: `Episode ${id}`,
      air_date: '2020-01-01',
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A finished show with a complete list: `seasons` × `perSeason` aired regular episodes and one special. */
export async function buildShowWithEpisodes(
  db: Db,
  seasons = 2,
  perSeason = 3,
  showOverrides: Partial<NewShow> = {},
) {
  const show = await buildShow(db, {
    status: 'completed',
    episodes_complete: 1,
    episode_count: seasons * perSeason,
    season_count: seasons,
    ...showOverrides,
  });
  const episodes = [];
  for (let s = 1; s <= seasons; s++) {
    for (let n = 1; n <= perSeason; n++) {
      episodes.push(
        await buildEpisode(db, show.id, {
          season_number: s,
          episode_number: n,
          air_date: `201${s}-0${n}-01`,
        }),
      );
    }
  }
  const special = await buildEpisode(db, show.id, {
    season_number: 0,
    episode_number: null,
    type: 'special',
    air_date: '2012-12-24',
  });
  return { show, episodes, special };
}

/**
 * An app connected through the Trakt-compatible OAuth for this member (ADR 170), as a
 * finished device-code or consent flow leaves it: Trakt's token answer. The flows themselves
 * are tested in features/trakt.
 */
export async function connectTraktApp(
  app: FastifyInstance,
  userId: number,
  clientId = 'test-client-id',
) {
  return app.services.traktGrants.issue({ userId, clientId, appName: null });
}

/** One play of an episode at a fixed time, as history holds it (source web, first run). */
export async function recordPlay(
  db: Db,
  play: { userId: number; showId: number; episodeId: number; at: string },
) {
  await db.kysely
    .insertInto('episode_plays')
    .values({
      user_id: play.userId,
      show_id: play.showId,
      episode_id: play.episodeId,
      watched_at: play.at,
      source: 'web',
      run: 1,
      created_at: play.at,
    })
    .execute();
}

/** Files a show under a genre, making the genre if it is new. */
export async function tagGenre(db: Db, showId: number, name: string) {
  const g =
    (await db.kysely
      .selectFrom('genres')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst()) ??
    (await db.kysely
      .insertInto('genres')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow());
  await db.kysely.insertInto('show_genres').values({ show_id: showId, genre_id: g.id }).execute();
  return g.id;
}

/** A catalogue show that came from TVmaze (`tvmaze:<id>`), as a sync or an import leaves it. */
export const buildTvmazeShow = (db: Db, tvmazeId: number, overrides: Partial<NewShow> = {}) =>
  buildShow(db, {
    source_id: `tvmaze:${tvmazeId}`,
    source: 'tvmaze',
    tvmaze_id: tvmazeId,
    ...overrides,
  });

/**
 * A member row written straight to the table, without the registration service (no password
 * to hash, so it cannot sign in): for repository tests and bench seeds.
 */
export function insertMemberRow(
  db: Db,
  username: string,
  fields: { password_hash?: string; display_name?: string | null; at?: string } = {},
) {
  const at = fields.at ?? nowIso();
  return db.kysely
    .insertInto('users')
    .values({
      username,
      username_lower: username,
      email: `${username}@example.test`,
      email_lower: `${username}@example.test`,
      password_hash: fields.password_hash ?? 'x',
      ...(fields.display_name !== undefined ? { display_name: fields.display_name } : {}),
      is_public: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
