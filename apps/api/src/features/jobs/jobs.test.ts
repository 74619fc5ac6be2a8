import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { jobMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';

const t = useTestApp();

const getJob = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: token ? bearer(token) : {} });

describe('GET /api/jobs/:id', () => {
  it("shows a member their own job's progress while it runs, then its result", async () => {
    const ann = await registerUser(t.app);
    const jobs = t.app.services.jobs;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    jobs.define('test.import', async ({ progress }) => {
      await progress(1, 2, 'Read 1 of 2 files');
      await released;
      await progress(2, 2, 'Read 2 of 2 files');
      return { imported: 2 };
    });
    await jobs.start();
    const id = await jobs.enqueue('test.import', {}, { userId: ann.user.id });

    const running = await vi.waitFor(
      async () => {
        const res = await getJob(id, ann.token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ state: 'running' });
        expect(res.json().progress).not.toBeNull();
        return res.json();
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(running).toMatchObject({
      id,
      name: 'test.import',
      progress: { done: 1, total: 2, message: 'Read 1 of 2 files' },
      result: null,
      finishedAt: null,
    });
    expect(running).not.toHaveProperty('userId');

    release();
    const done = await vi.waitFor(
      async () => {
        const body = (await getJob(id, ann.token)).json();
        expect(body.state).toBe('completed');
        return body;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(done).toMatchObject({
      progress: { done: 2, total: 2, message: 'Read 2 of 2 files' },
      result: { imported: 2 },
      error: null,
      attempts: 1,
    });
  });

  it("answers 401 signed out, and 404 for someone else's job, a system job or no job alike", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const jobs = t.app.services.jobs;
    jobs.define('test.noop', async () => 'done');
    const own = await jobs.enqueue('test.noop', {}, { userId: owner.user.id });
    const system = await jobs.enqueue('test.noop', {});

    const anonymous = await getJob(own);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    expect((await getJob(own, owner.token)).statusCode).toBe(200);
    const absent = await getJob(randomUUID(), other.token);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ error: jobMessages.notFound, code: 'NOT_FOUND' });
    for (const res of [await getJob(own, other.token), await getJob(system, owner.token)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent.json());
    }
  });

  it('answers 400 for an id that cannot be a job id', async () => {
    const ann = await registerUser(t.app);
    const res = await getJob('not-a-uuid', ann.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
