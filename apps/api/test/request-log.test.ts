import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './build-test-app';
import { createTestDb } from './test-db';

/**
 * The request log never records a reset or confirmation token (ADR 150): an emailed link's
 * token rides in the query string of the page it opens, and Fastify logs every request URL.
 */
const lines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDb();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    db,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const secret = 'Zx8vQ2mN5kLp7RtY1wE3uI9oA4sD6fGhJkLzXcVbNm0';

describe('request log', () => {
  it('redacts tokens in query strings and paths, keeping the rest of the URL', async () => {
    await app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await app.inject({ method: 'GET', url: `/verify-email?token=${secret}&x=1` });
    await app.inject({ method: 'GET', url: `/undo-email-change?token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/auth/verify-email/${secret}` });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(log).not.toContain(secret);
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/verify-email?token=[redacted]&x=1');
    expect(log).toContain('/api/auth/verify-email/[redacted]');
  });
});
