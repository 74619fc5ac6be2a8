import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { buildEpisode, buildShowWithEpisodes } from '../../../test/factories';

const t = useTestApp();

const page = async (id: number) => {
  t.app.responseCache.clear();
  const res = await t.app.inject({ url: `/api/episodes/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    previousEpisode: { id: number; seasonNumber: number | null } | null;
    nextEpisode: { id: number; seasonNumber: number | null; title: string } | null;
  };
};

describe('an episode page links to the previous and next episode', () => {
  it('steps across seasons in the Episodes tab order, specials last, nothing past the ends', async () => {
    const { episodes, special } = await buildShowWithEpisodes(t.db, 2, 3);
    const [s1e1, , s1e3, s2e1, , s2e3] = episodes;

    expect(await page(s1e1!.id)).toMatchObject({
      previousEpisode: null,
      nextEpisode: { id: episodes[1]!.id },
    });
    const end = await page(s1e3!.id);
    expect(end.previousEpisode?.id).toBe(episodes[1]!.id);
    expect(end.nextEpisode).toEqual({
      id: s2e1!.id,
      seasonNumber: 2,
      episodeNumber: 1,
      title: s2e1!.title,
    });
    expect((await page(s2e1!.id)).previousEpisode?.id).toBe(s1e3!.id);
    // Season 0 is listed last as Specials, so the finale leads to it and it ends the list.
    expect((await page(s2e3!.id)).nextEpisode?.id).toBe(special.id);
    expect(await page(special.id)).toMatchObject({
      previousEpisode: { id: s2e3!.id },
      nextEpisode: null,
    });
  });

  it('skips retired episodes; a retired episode still links to its live neighbours', async () => {
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const retired = await buildEpisode(t.db, show.id, {
      season_number: 1,
      episode_number: 4,
      air_date: '2011-04-01',
    });
    const last = await buildEpisode(t.db, show.id, {
      season_number: 1,
      episode_number: 5,
      air_date: '2011-05-01',
    });
    await t.db.kysely
      .updateTable('episodes')
      .set({ retired_at: new Date().toISOString() })
      .where('id', '=', retired.id)
      .execute();
    expect((await page(episodes[2]!.id)).nextEpisode?.id).toBe(last.id);
    expect((await page(last.id)).previousEpisode?.id).toBe(episodes[2]!.id);
    expect(await page(retired.id)).toMatchObject({
      previousEpisode: { id: episodes[2]!.id },
      nextEpisode: { id: last.id },
    });
  });

  it('a show of one episode has neither; bad ids are 400 and 404, never 500', async () => {
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await t.db.kysely
      .deleteFrom('episodes')
      .where('type', '=', 'special')
      .where('show_id', '=', episodes[0]!.show_id)
      .execute();
    expect(await page(episodes[0]!.id)).toMatchObject({ previousEpisode: null, nextEpisode: null });
    expect((await t.app.inject({ url: '/api/episodes/0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/episodes/abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/episodes/987654321' })).statusCode).toBe(404);
  });
});
