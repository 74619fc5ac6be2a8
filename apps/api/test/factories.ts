import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@series-tracker/contracts';
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

/** Registers a user through the API, as a client would, and returns the token and user. */
export async function registerUser(
  app: FastifyInstance,
  input: UserInput = {},
): Promise<AuthResponse & { password: string }> {
  const id = next();
  const body = {
    username: input.username ?? `user_${id}`,
    email: input.email ?? `user_${id}@example.test`,
    password: input.password ?? 'correct horse battery',
    ...(input.displayName ? { displayName: input.displayName } : {}),
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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
