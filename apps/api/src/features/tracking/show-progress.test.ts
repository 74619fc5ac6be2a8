import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { bearer, buildEpisode, buildShowWithEpisodes, registerUser } from '../../../test/factories';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof registerUser>>;

const bulk = (u: Member | null, showId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/episodes/show/${showId}/progress`,
    headers: u ? bearer(u.token) : {},
    payload,
  });
const progress = async (u: Member, showId: number) =>
  (
    await t.app.inject({
      url: `/api/episodes/show/${showId}/progress`,
      headers: bearer(u.token),
    })
  ).json();

describe("a member's progress on one show", () => {
  it('names the next episode by the up-next rule, null when caught up', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 3, 2, { status: 'airing' });
    expect((await progress(u, show.id)).nextEpisodeId).toBe(episodes[0]!.id);
    await bulk(u, show.id, { season: 2 });
    expect((await progress(u, show.id)).nextEpisodeId).toBe(episodes[4]!.id);
    await bulk(u, show.id, { season: 3 });
    expect((await progress(u, show.id)).nextEpisodeId).toBeNull();
  });
});

describe('marking every aired episode (Completed offers it)', () => {
  it('includeSpecials: false marks the aired regular episodes only, in one call', async () => {
    const u = await registerUser(t.app);
    const { show, special } = await buildShowWithEpisodes(t.db, 2, 3, { status: 'airing' });
    await buildEpisode(t.db, show.id, {
      season_number: 2,
      episode_number: 4,
      air_date: '2999-01-01',
    });
    const res = await bulk(u, show.id, { includeSpecials: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: 6, item: { progress: 6 } });
    const after = await progress(u, show.id);
    expect(after).toMatchObject({ airedCount: 6, watchedAiredCount: 6 });
    expect(after.data.map((d: { episodeId: number }) => d.episodeId)).not.toContain(special.id);

    // The default still includes specials (the whole-show and season marks as before).
    const other = await registerUser(t.app);
    expect((await bulk(other, show.id, {})).json().changed).toBe(7);
  });

  it('bad input is a 400 that changes nothing; no token 401; unknown show 404', async () => {
    const u = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 1, 2);
    const bad = await bulk(u, show.id, { includeSpecials: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toHaveProperty('includeSpecials');
    expect((await progress(u, show.id)).watchedCount).toBe(0);
    expect((await bulk(null, show.id, { includeSpecials: false })).statusCode).toBe(401);
    expect((await bulk(u, 987654321, { includeSpecials: false })).statusCode).toBe(404);
  });
});
