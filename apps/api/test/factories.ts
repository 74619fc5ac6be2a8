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
