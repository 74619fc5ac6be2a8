import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@series-tracker/contracts';
import { runAdmin } from '../../cli/admin';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { bearer } from '../../../test/factories';
import { mailVia, startSmtp, tokenIn } from '../../../test/smtp';

/**
 * First run (issue 28, ADR 173): the first registration of a site without accounts creates
 * the administrator at once and signs it in; from then on registration is mailed as before
 * (ADR 152) and says nothing about which addresses have accounts.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const withSmtp = () =>
  buildTestApp({
    mail: mailVia(smtp),
    publicUrl: 'https://tracker.example.test',
  });

const post = (t: TestApp, url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const register = (t: TestApp, username: string, email: string, password: string) =>
  post(t, '/api/auth/register', { username, email, password });
const setup = async (t: TestApp) =>
  (await t.app.inject({ url: '/api/auth/setup' })).json() as { firstRun: boolean };
const admins = (t: TestApp) =>
  t.db.kysely
    .selectFrom('users')
    .select(['username', 'role'])
    .where('role', '=', 'admin')
    .execute();

describe('the first registration of an empty site', () => {
  let t: TestApp;
  const call = caller(() => t.app);
  beforeAll(async () => {
    t = await withSmtp();
    await t.app.services.jobs.start();
  });
  afterAll(() => t.close());

  it('creates the administrator at once, signed in; then registration is mailed as before', async () => {
    expect(await setup(t)).toEqual({ firstRun: true });
    const first = await register(t, 'Ada_First', 'ada@first.test', 'analytical engine');
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.user).toMatchObject({ username: 'Ada_First', role: 'admin', emailVerified: false });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(body.token, { url: '/api/auth/me' });
    expect(me.json().user).toMatchObject({ username: 'Ada_First', role: 'admin' });
    // The operator's own address was not proven by a link: no mail went anywhere.
    await t.app.services.jobs.idle('mail.send');
    expect(smtp.mailsTo('ada@first.test')).toHaveLength(0);
    // The moderation queue is open to the administrator.
    const queue = await call(body.token, { url: '/api/moderation/reports' });
    expect(queue.statusCode).toBe(200);

    expect(await setup(t)).toEqual({ firstRun: false });
    const second = await register(t, 'Bob_Second', 'bob@second.test', 'violet kettle drum');
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({
      message: authMessages.registrationSent,
      email: 'bob@second.test',
    });
    const link = tokenIn(await smtp.waitFor('bob@second.test'), 'finish-registration');
    const done = await post(t, '/api/auth/finish-registration', { token: link });
    expect(done.statusCode).toBe(201);
    expect(done.json().user).toMatchObject({ role: 'member', emailVerified: true });
    expect(await admins(t)).toEqual([{ username: 'Ada_First', role: 'admin' }]);
  });

  it("tells nothing about the administrator's address: the same answer as a new one", async () => {
    const taken = await register(t, 'Not_Ada', 'ADA@first.test', 'violet kettle drum');
    const free = await register(t, 'Not_Anyone', 'nobody@first.test', 'violet kettle drum');
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect({ ...taken.json(), email: '' }).toEqual({ ...free.json(), email: '' });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    // The setup answer is one boolean, whoever asks.
    const answer = await t.app.inject({ url: '/api/auth/setup' });
    expect(answer.body).toBe('{"firstRun":false}');
    expect(await admins(t)).toHaveLength(1);
  });

  it('the operator can print a pending registration’s link (a fresh one replaces the mailed one)', async () => {
    await register(t, 'Cy_Pending', 'cy@pending.test', 'violet kettle drum');
    const mailed = tokenIn(await smtp.waitFor('cy@pending.test'), 'finish-registration');
    const services = t.app.services;
    const more = { registration: services.registration, publicUrl: 'https://tracker.example.test' };
    const printed = await runAdmin(
      ['registration-link', 'CY@pending.test'],
      services.moderation,
      more,
    );
    const match = /https:\/\/tracker\.example\.test\/finish-registration\?token=([\w-]+)/.exec(
      printed,
    );
    expect(printed).toContain('Cy_Pending');
    expect(match).not.toBeNull();
    // Only hashes are stored: the mailed link is replaced, the printed one finishes.
    expect((await post(t, '/api/auth/finish-registration', { token: mailed })).statusCode).toBe(
      400,
    );
    const done = await post(t, '/api/auth/finish-registration', { token: match![1]! });
    expect(done.statusCode).toBe(201);
    expect(done.json().user.username).toBe('Cy_Pending');

    expect(
      await runAdmin(['registration-link', 'nobody@nowhere.test'], services.moderation, more),
    ).toMatch(/No registration is waiting/);
    expect(
      await runAdmin(['registration-link', 'ada@first.test'], services.moderation, more),
    ).toMatch(/already has an account: Ada_First/);
    await expect(runAdmin(['registration-link'], services.moderation, more)).rejects.toThrow(
      /Usage/,
    );
  });
});

describe('two first registrations at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withSmtp();
  });
  afterAll(() => t.close());

  it('make exactly one administrator; the other is mailed as usual', async () => {
    const results = await Promise.all(
      ['Race_One', 'Race_Two', 'Race_Three'].map((username) =>
        post(t, '/api/auth/register', {
          username,
          email: `${username.toLowerCase()}@race.test`,
          password: 'violet kettle drum',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 202, 202]);
    const winner = results.find((r) => r.statusCode === 201)!.json().user.username;
    expect(await admins(t)).toEqual([{ username: winner, role: 'admin' }]);
    const accounts = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(accounts).toHaveLength(1);
  });
});

describe('a server without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says where the mail went, the same for every address', async () => {
    await register(t, 'Admin_Here', 'admin@here.test', 'violet kettle drum');
    const a = await register(t, 'Dee_Outbox', 'admin@here.test', 'violet kettle drum');
    const b = await register(t, 'Eve_Outbox', 'eve@here.test', 'violet kettle drum');
    expect(a.json()).toMatchObject({ mailOutbox: true });
    expect({ ...a.json(), email: '' }).toEqual({ ...b.json(), email: '' });
  });
});
