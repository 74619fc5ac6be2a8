import { expect, test as setup } from '@playwright/test';

/**
 * Since ADR 173 the first registration of an empty site creates its administrator at once
 * (201, signed in) instead of mailing a link. Both e2e servers start empty, so this setup
 * project takes that first account on each before any spec runs: every spec then sees
 * registration as ADR 152 describes it ("Check your e-mail"), whatever order they run in.
 */

/** The catalogue-reach server (playwright.config.ts: E2E_PORT + 1). */
const reachPort = Number(process.env.E2E_PORT ?? 3100) + 1;

setup(
  'the e2e servers have their first account (the administrator)',
  async ({ request, baseURL }) => {
    for (const origin of [baseURL!, `http://127.0.0.1:${reachPort}`]) {
      const setupAnswer = await request.get(`${origin}/api/auth/setup`);
      expect(setupAnswer.ok()).toBe(true);
      if (!((await setupAnswer.json()) as { firstRun: boolean }).firstRun) continue;
      const res = await request.post(`${origin}/api/auth/register`, {
        data: {
          username: 'e2e_operator',
          email: 'e2e-operator@example.test',
          password: 'operator of the e2e site',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
      expect((await (await request.get(`${origin}/api/auth/setup`)).json()) as object).toEqual({
        firstRun: false,
      });
    }
  },
);
