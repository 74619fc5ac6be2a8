import type { FastifyInstance } from 'fastify';
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
