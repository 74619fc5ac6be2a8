import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { useTestApp } from '../../test/build-test-app';
import { injectAs, trackShow } from '../../test/http';
import { buildShow, registerUser } from '../../test/factories';
import { createTestDb, usePgAdmin, showRow } from '../../test/test-db';
import { createUnitOfWork, type Tx } from './unit-of-work';

/*
 * ADR 141: the one way to a transaction. Runs on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set; the dropped-connection cases need PostgreSQL's connections.
 */
const url = process.env.TEST_DATABASE_URL;

describe('unit of work', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.drop();
  });

  const names = async (prefix: string) =>
    (
      await db.kysely
        .selectFrom('genres')
        .select('name')
        .where('name', 'like', `${prefix}%`)
        .orderBy('name')
        .execute()
    ).map((r) => r.name);
  const add = (trx: Tx, name: string) => trx.insertInto('genres').values({ name }).execute();

  it('commits everything the work wrote and returns its result', async () => {
    const uow = createUnitOfWork(db);
    const result = await uow.run(async (trx) => {
      await add(trx, 'commit-a');
      await add(trx, 'commit-b');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await names('commit-')).toEqual(['commit-a', 'commit-b']);
  });

  it('rolls back everything when the work throws, and runs it once', async () => {
    const uow = createUnitOfWork(db);
    let runs = 0;
    await expect(
      uow.run(async (trx) => {
        runs++;
        await add(trx, 'rollback-a');
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(runs).toBe(1);
    expect(await names('rollback-')).toEqual([]);
  });

  it('does not retry a database error that is not a lost connection', async () => {
    const uow = createUnitOfWork(db);
    let runs = 0;
    await add(db.kysely as unknown as Tx, 'unique-a');
    await expect(
      uow.run(async (trx) => {
        runs++;
        await add(trx, 'unique-b');
        // genres.name is unique: a constraint error, not an outage.
        await add(trx, 'unique-a');
      }),
    ).rejects.toBeTruthy();
    expect(runs).toBe(1);
    expect(await names('unique-')).toEqual(['unique-a']);
  });

  it('runs the work again when it failed with a lost connection before commit', async () => {
    const uow = createUnitOfWork(db, { backoffMs: 1 });
    let runs = 0;
    await uow.run(async (trx) => {
      runs++;
      await add(trx, `retry-${runs}`);
      if (runs === 1) throw Object.assign(new Error('Connection terminated'), { code: '57P01' });
    });
    expect(runs).toBe(2);
    // The first attempt's row was rolled back with it: nothing half-written.
    expect(await names('retry-')).toEqual(['retry-2']);
  });

  it('runOnce never runs the work twice: a lost connection fails it, rolled back', async () => {
    const uow = createUnitOfWork(db, { backoffMs: 1 });
    let runs = 0;
    const error = await uow
      .runOnce(async (trx) => {
        runs++;
        await add(trx, `once-${runs}`);
        throw Object.assign(new Error('Connection terminated'), { code: '57P01' });
      })
      .catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await names('once-')).toEqual([]);
  });
});

describe.skipIf(!url)('unit of work: PostgreSQL connections dropped', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  const admin = usePgAdmin();
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());

  const backendPid = async (trx: Tx) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
  /** Ends the transaction's own connection, as a restart or a failover would. */
  const dropConnection = async (trx: Tx) => {
    await admin.query('select pg_terminate_backend($1)', [await backendPid(trx)]);
  };
  const count = async (prefix: string) =>
    (
      await db.kysely
        .selectFrom('genres')
        .select('name')
        .where('name', 'like', `${prefix}%`)
        .execute()
    ).length;

  it('a transaction whose connection is killed before commit is run again and commits once', async () => {
    const uow = createUnitOfWork(db, { backoffMs: 10 });
    let runs = 0;
    const id = await uow.run(async (trx) => {
      runs++;
      const row = await trx
        .insertInto('genres')
        .values({ name: `pg-retry-${runs}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (runs === 1) await dropConnection(trx);
      // On the first run this query finds its connection gone.
      await trx
        .insertInto('genres')
        .values({ name: `pg-retry-${runs}-second` })
        .execute();
      return row.id;
    });
    expect(runs).toBe(2);
    expect(id).toBeGreaterThan(0);
    const rows = await db.kysely
      .selectFrom('genres')
      .select('name')
      .where('name', 'like', 'pg-retry-%')
      .orderBy('name')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['pg-retry-2', 'pg-retry-2-second']);
  });

  it('fails as "unavailable" (a 503) after its retries, with nothing written', async () => {
    const uow = createUnitOfWork(db, { retries: 2, backoffMs: 5 });
    let runs = 0;
    const error = await uow
      .run(async (trx) => {
        runs++;
        await trx
          .insertInto('genres')
          .values({ name: `pg-fail-${runs}` })
          .execute();
        await dropConnection(trx);
        await trx
          .insertInto('genres')
          .values({ name: `pg-fail-${runs}-second` })
          .execute();
      })
      .catch((e: unknown) => e);
    expect(runs).toBe(3);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await count('pg-fail-')).toBe(0);
    // The pool recovers: the next unit of work commits.
    await uow.run((trx) => trx.insertInto('genres').values({ name: 'pg-fail-after' }).execute());
    expect(await count('pg-fail-')).toBe(1);
  });
});

describe.skipIf(!url)(
  'unit of work in the app: a write whose connection drops (PostgreSQL)',
  () => {
    const t = useTestApp({ responseCache: false });
    const admin = usePgAdmin();

    it('deleting an account survives its connection being killed mid-transaction: 204, once', async () => {
      // An erasure step that, the first time, has PostgreSQL end the transaction's connection
      // (as a restart or failover would) after the tracking step already deleted rows in it.
      let calls = 0;
      t.app.services.erasure.register('probe-drop', async (trx) => {
        calls++;
        if (calls === 1) {
          const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx))
            .rows[0]!.pid;
          await admin.query('select pg_terminate_backend($1)', [pid]);
        }
      });
      const member = await registerUser(t.app);
      const stays = await registerUser(t.app);
      const show = await buildShow(t.db);
      for (const who of [member, stays]) {
        const added = await trackShow(t.app, who.token, show.id);
        expect(added.statusCode).toBe(201);
      }

      const res = await injectAs(t.app, member.token, {
        method: 'DELETE',
        url: '/api/users/me',
        payload: { password: member.password },
      });
      expect(res.statusCode).toBe(204);
      // The first run lost its connection before commit and was rolled back; the second committed.
      expect(calls).toBe(2);
      const users = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [member.user.id, stays.user.id])
        .execute();
      expect(users.map((u) => u.id)).toEqual([stays.user.id]);
      const counted = await showRow(t.db, show.id);
      expect(counted.total_users).toBe(1);
    });
  },
);
