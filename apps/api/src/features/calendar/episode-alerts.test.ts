import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '@series-tracker/contracts';
import { buildApp } from '../../app';
import { renderMail } from '../../platform/mail/mail';
import { testConfig } from '../../../test/build-test-app';
import { bearer, buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { createTestDb } from '../../../test/test-db';

/**
 * New-episode alerts on two app servers sharing one database (ADR 160): both run the alert
 * job at once and every member still gets each alert once.
 */
let db: Awaited<ReturnType<typeof createTestDb>>;
let a: FastifyInstance;
let b: FastifyInstance;

const NOW = new Date('2026-11-25T12:00:00Z');
const LONG_AGO = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  db = await createTestDb();
  const config = testConfig({
    publicUrl: 'https://tracker.example.org',
    alerts: { digestHour: 7, checkSeconds: 900 },
  });
  a = await buildApp({ config, db });
  b = await buildApp({ config, db });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

async function member(settings: { timeZone?: string; episodeAlerts?: string }) {
  const m = await registerUser(a);
  const res = await a.inject({
    method: 'PUT',
    url: '/api/calendar/settings',
    headers: bearer(m.token),
    payload: settings,
  });
  expect(res.statusCode).toBe(200);
  return m;
}

async function track(token: string, showId: number, status = 'watching') {
  const res = await a.inject({
    method: 'POST',
    url: '/api/user-content-status',
    headers: bearer(token),
    payload: { showId, status },
  });
  expect(res.statusCode).toBeLessThan(300);
}

/** Gives an episode its exact airing moment (TVmaze's airstamp). */
async function setAirStamp(episodeId: number, airStamp: string) {
  await db.kysely
    .updateTable('episodes')
    .set({ air_stamp: airStamp })
    .where('id', '=', episodeId)
    .execute();
}

/** Tracked and opted in long ago, as if the member had been around for months. */
async function backdate(userId: number) {
  await db.kysely
    .updateTable('watchlist_items')
    .set({ created_at: LONG_AGO })
    .where('user_id', '=', userId)
    .execute();
  await db.kysely
    .updateTable('member_preferences')
    .set({ alerts_from: LONG_AGO })
    .where('user_id', '=', userId)
    .execute();
}

interface Queued {
  template: string;
  to: string;
  data: {
    episodes?: { episodeId: number }[];
    episode?: { episodeId: number };
    unsubscribeToken: string;
  };
}
async function mailsTo(email: string): Promise<Queued[]> {
  const rows = await db.kysely
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', 'mail.send')
    .execute();
  return rows
    .map((r) => JSON.parse(r.payload!) as Queued)
    .filter((p) => p.to === email && p.template.startsWith('episode-'));
}

describe('new-episode alerts', () => {
  it('sends a digest of the member’s day once, even when two servers run the job together', async () => {
    const show = await buildShow(db, {
      title: 'Tonight Show',
      schedule_time: '20:00',
      schedule_timezone: 'America/New_York',
    });
    // Tonight at 20:00 in New York is 01:00Z tomorrow: still the member's (New York) 25th.
    const tonight = await buildEpisode(db, show.id, {
      air_date: '2026-11-25',
      episode_number: 5,
      title: 'Finale',
    });
    await buildEpisode(db, show.id, { air_date: '2026-11-26', episode_number: 6 });
    const planned = await buildShow(db, { title: 'Only Planned' });
    await buildEpisode(db, planned.id, { air_date: '2026-11-25' });
    const m = await member({ timeZone: 'America/New_York', episodeAlerts: 'digest' });
    await track(m.token, show.id);
    await track(m.token, planned.id, 'want_to_watch');
    const quiet = await member({ timeZone: 'America/New_York' });
    await track(quiet.token, show.id);
    await backdate(m.user.id);

    // 05:00 in New York: before the digest hour, nothing goes.
    await a.services.alerts.run(new Date('2026-11-25T10:00:00Z'));
    expect(await mailsTo(m.user.email)).toEqual([]);

    await Promise.all([
      a.services.alerts.run(NOW),
      b.services.alerts.run(NOW),
      a.services.alerts.run(NOW),
    ]);
    const mails = await mailsTo(m.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('episode-digest');
    expect(mails[0]!.data.episodes!.map((e) => e.episodeId)).toEqual([tonight.id]);
    // Members who chose no e-mails get none.
    expect(await mailsTo(quiet.user.email)).toEqual([]);
    // The next run (same day) sends nothing more.
    await b.services.alerts.run(new Date('2026-11-25T18:00:00Z'));
    expect(await mailsTo(m.user.email)).toHaveLength(1);

    const content = renderMail('episode-digest', mails[0]!.data as never, {
      publicUrl: 'https://tracker.example.org',
    });
    expect(content.subject).toBe('Today on your shows: 1 episode (November 25, 2026)');
    // Spoiler protection is on by default (ADR 181): the unwatched episode's title stays out.
    expect(content.text).toContain('20:00 · Tonight Show S01E05\n');
    expect(JSON.stringify(mails[0]!.data)).not.toContain('Finale');
    expect(content.text + content.html).not.toContain('Finale');
    expect(content.headers).toEqual({
      'List-Unsubscribe': `<https://tracker.example.org/api/alerts/unsubscribe?token=${mails[0]!.data.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('mails each aired episode once across servers, rings the bell, and never for episodes before opting in', async () => {
    const show = await buildShow(db, { title: 'Each Show' });
    const aired = await buildEpisode(db, show.id, { air_date: '2026-11-25', episode_number: 1 });
    await setAirStamp(aired.id, '2026-11-25T11:00:00+00:00');
    const later = await buildEpisode(db, show.id, { air_date: '2026-11-25', episode_number: 2 });
    await setAirStamp(later.id, '2026-11-25T15:00:00+00:00');
    const m = await member({ episodeAlerts: 'each' });
    await track(m.token, show.id);
    const fresh = await member({ episodeAlerts: 'each' });
    await track(fresh.token, show.id);
    await backdate(m.user.id);

    await Promise.all([a.services.alerts.run(NOW), b.services.alerts.run(NOW)]);
    const mails = await mailsTo(m.user.email);
    expect(mails.map((x) => [x.template, x.data.episode!.episodeId])).toEqual([
      ['episode-aired', aired.id],
    ]);
    // Opted in (and tracked) after the episode aired: no mail, no bell.
    expect(await mailsTo(fresh.user.email)).toEqual([]);

    const bell = await a.inject({ url: '/api/notifications', headers: bearer(m.token) });
    expect(bell.json()).toMatchObject({ total: 1, unreadCount: 1 });
    expect(bell.json().data[0]).toMatchObject({
      kind: 'episode',
      read: false,
      show: { id: show.id, title: 'Each Show' },
      episode: { id: aired.id, episodeNumber: 1 },
    });
    expect(
      (await a.inject({ url: '/api/notifications', headers: bearer(fresh.token) })).json().total,
    ).toBe(0);

    // Later that day the next one airs: one more mail, one more notification.
    await Promise.all([
      a.services.alerts.run(new Date('2026-11-25T16:00:00Z')),
      b.services.alerts.run(new Date('2026-11-25T16:00:00Z')),
    ]);
    expect((await mailsTo(m.user.email)).length).toBe(2);
    expect(
      (await a.inject({ url: '/api/notifications/unread-count', headers: bearer(m.token) })).json(),
    ).toEqual({
      unreadCount: 2,
    });
  });

  it('mails the title of an episode the member is past, or with spoiler protection off', async () => {
    const show = await buildShow(db, { title: 'Open Show' });
    const ep = await buildEpisode(db, show.id, {
      air_date: '2026-11-25',
      episode_number: 3,
      title: 'Big Reveal',
    });
    await setAirStamp(ep.id, '2026-11-25T11:00:00+00:00');
    const m = await member({ episodeAlerts: 'each' });
    await track(m.token, show.id);
    await backdate(m.user.id);
    const off = await a.inject({
      method: 'PUT',
      url: '/api/spoilers/settings',
      headers: bearer(m.token),
      payload: { protect: false },
    });
    expect(off.statusCode).toBe(200);
    await a.services.alerts.run(NOW);
    const [mail] = await mailsTo(m.user.email);
    const content = renderMail('episode-aired', mail!.data as never, {
      publicUrl: 'https://tracker.example.org',
    });
    expect(content.text).toContain('Open Show S01E03 “Big Reveal”');
  });

  it('one-click unsubscribe turns alerts off; a bad token is a clear 400 and changes nothing', async () => {
    const m = await member({ episodeAlerts: 'each' });
    const row = await db.kysely
      .selectFrom('member_preferences')
      .selectAll()
      .where('user_id', '=', m.user.id)
      .executeTakeFirstOrThrow();
    const bad = await a.inject({ method: 'POST', url: '/api/alerts/unsubscribe?token=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(calendarMessages.unsubscribeInvalid);
    // A mail client's RFC 8058 post: form body, token in the URL.
    const res = await b.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${row.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: calendarMessages.unsubscribed });
    const settings = await a.inject({ url: '/api/calendar/settings', headers: bearer(m.token) });
    expect(settings.json().episodeAlerts).toBe('none');
    // The web page's post: JSON body.
    const json = await a.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      payload: { token: row.unsubscribe_token },
    });
    expect(json.statusCode).toBe(200);
  });
});
