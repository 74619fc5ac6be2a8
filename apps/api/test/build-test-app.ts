import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Db } from '../src/db/connection';
import { createTestDb } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    webDistDir: null,
    catalogAutoImport: false,
    metadataSync: false,
    authRateLimit: { max: 10_000, timeWindow: '1 minute' },
    ...overrides,
  };
}

/** The real application on a fresh database; requests go through app.inject(). */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const db = await createTestDb();
  const app = await buildApp({ config: testConfig(overrides), db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * The test app of a file: built in `beforeAll` (with these settings, or the ones the function
 * gives once earlier hooks have run), closed in `afterAll`. `t.app` and `t.db` are read at use.
 */
export function useTestApp(
  overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {},
): TestApp {
  let built: TestApp | undefined;
  const current = () => {
    if (!built) throw new Error('the test app is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(typeof overrides === 'function' ? overrides() : overrides);
  });
  afterAll(() => built?.close());
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    close: () => current().close(),
  };
}
