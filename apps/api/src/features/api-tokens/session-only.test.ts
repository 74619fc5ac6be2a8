import { describe, expect, it } from 'vitest';
import { integrationMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { registerUser } from '../../../test/factories';

/*
 * Review of 2026-11-26 (ADR 150): a personal API token is for tracking tools. The full export
 * (everything the member ever wrote) and the moderators' screens need a signed-in session.
 */
const t = useTestApp();

const call = caller(() => t.app);

async function readToken(sessionToken: string) {
  const res = await call(sessionToken, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name: 'reader', scopes: ['read', 'write:tracking'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

describe('session-only reads', () => {
  it('an API token cannot download the export; the session can', async () => {
    const u = await registerUser(t.app);
    const token = await readToken(u.token);
    const byToken = await call(token, { url: '/api/users/me/export' });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toMatchObject({ error: integrationMessages.notForTokens });
    const bySession = await call(u.token, { url: '/api/users/me/export' });
    expect(bySession.statusCode).toBe(200);
    // Tracking reads still work with the token.
    const list = await call(token, { url: '/api/user-content-status' });
    expect(list.statusCode).toBe(200);
  });

  it('a moderator’s API token cannot read the queue or the audit log; the session can', async () => {
    const mod = await registerUser(t.app);
    await t.app.services.moderation.setRole(mod.user.username, 'moderator');
    const token = await readToken(mod.token);
    for (const url of ['/api/moderation/reports', '/api/moderation/actions']) {
      const byToken = await call(token, { url });
      expect(byToken.statusCode, url).toBe(403);
      expect(byToken.json(), url).toMatchObject({ error: integrationMessages.notForTokens });
      expect((await call(mod.token, { url })).statusCode, url).toBe(200);
    }
  });
});
