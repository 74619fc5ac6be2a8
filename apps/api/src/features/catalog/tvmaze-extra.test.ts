import { describe, expect, it } from 'vitest';
import { parseJsonValues } from './json-values';
import { foldTvmazeExtra, type RawCatalog, type RawShow } from './tvmaze-extra';

const show = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  url: `https://www.tvmaze.com/shows/${id}/x`,
  name: `Show ${id}`,
  type: 'Scripted',
  language: 'English',
  genres: ['Drama'],
  status: 'Ended',
  premiered: '2013-06-03',
  rating: { average: 7.5 },
  updated: Date.parse('2020-04-20T00:00:00Z') / 1000,
  _links: { self: { href: `https://api.tvmaze.com/shows/${id}` } },
  ...over,
});
const episode = (id: number, season: number, number: number, airdate: string) => ({
  id,
  name: `E${id}`,
  season,
  number,
  type: 'regular',
  airdate,
});

function existing(id: number, over: Partial<RawShow> = {}): RawShow {
  const catalog = foldTvmazeExtra(emptyCatalog(), [
    { name: 'seed.json', text: JSON.stringify([show(id)]) },
  ]).catalog;
  return { ...catalog.shows[0]!, ...over };
}
function emptyCatalog(shows: RawShow[] = []): RawCatalog {
  return {
    generatedAt: '2026-11-21T00:00:00.000Z',
    source: [{ id: 'tvmaze', retrievedVia: [] }],
    notes: [],
    stats: {},
    shows,
  };
}

describe('parseJsonValues', () => {
  it('reads objects written one after another, with braces and quotes inside strings', () => {
    const text = '{"a": "x}{\\"y"}\n{"b": [1, {"c": "]"}]}  [3]\n';
    expect(parseJsonValues(text)).toEqual([{ a: 'x}{"y' }, { b: [1, { c: ']' }] }, [3]]);
  });

  it('throws on a value that never ends', () => {
    expect(() => parseJsonValues('{"a": 1}{"b": ')).toThrow(/unterminated/);
  });
});

describe('foldTvmazeExtra (ADR 120)', () => {
  it('adds new shows with the TVmaze mapper, sorted by TVmaze id, the newest copy of a repeated one', () => {
    const older = show(530, { name: 'Seinfeld (old)', updated: 1500000000 });
    const text = [show(527, { name: 'The Sopranos' }), older, show(530, { name: 'Seinfeld' })]
      .map((s) => JSON.stringify(s, null, 2))
      .join('\n');
    const { catalog, report } = foldTvmazeExtra(emptyCatalog([existing(600)]), [
      { name: 'shows.json', text },
    ]);
    expect(report.added).toEqual(['tvmaze:527', 'tvmaze:530']);
    expect(catalog.shows.map((s) => s.title)).toEqual(['The Sopranos', 'Seinfeld', 'Show 600']);
    expect(catalog.shows[0]).toMatchObject({
      status: 'completed',
      statusAsOf: '2020-04-20',
      titleEnglish: 'The Sopranos',
      linkedSources: [],
    });
  });

  it('keeps a record newer than the extra one, and replaces an older one keeping other sources', () => {
    const newer = existing(82, { statusAsOf: '2022-09-07', title: 'Kept' });
    const older = existing(83, {
      statusAsOf: '2019-07-21',
      titleOriginal: 'オリジナル',
      externalIds: { ...existing(83).externalIds, mal: 42 },
    });
    const { catalog, report } = foldTvmazeExtra(emptyCatalog([newer, older]), [
      { name: 'shows.json', text: JSON.stringify([show(82), show(83, { name: 'Refreshed' })]) },
    ]);
    expect(report).toMatchObject({ keptNewer: ['tvmaze:82'], replaced: ['tvmaze:83'] });
    expect(catalog.shows.find((s) => s.id === 'tvmaze:82')!.title).toBe('Kept');
    expect(catalog.shows.find((s) => s.id === 'tvmaze:83')).toMatchObject({
      title: 'Refreshed',
      titleOriginal: 'オリジナル',
      externalIds: { mal: 42, tvmaze: 83 },
      statusAsOf: '2020-04-20',
    });
  });

  it("takes an episode list as complete only when it holds the show's latest episode without gaps", () => {
    const latest = { previousepisode: { href: 'https://api.tvmaze.com/episodes/3' } };
    const list = [
      episode(1, 1, 1, '2013-06-03'),
      episode(2, 1, 2, '2013-06-10'),
      episode(3, 2, 1, '2014-06-02'),
    ];
    const files = (eps: unknown[]) => [
      { name: 'a-show.json', text: JSON.stringify(show(198, { _links: latest })) },
      { name: 'b-episodes.json', text: JSON.stringify(eps) },
    ];
    const full = foldTvmazeExtra(emptyCatalog(), files(list));
    expect(full.catalog.shows[0]).toMatchObject({
      episodesComplete: true,
      seasonCount: 2,
      episodeCount: 3,
      lastAirDate: '2014-06-02',
    });
    expect(full.catalog.stats.perSourceFile).toMatchObject({
      'b-episodes.json': { shows: 0, episodeRecords: 3 },
    });
    const gap = foldTvmazeExtra(emptyCatalog(), files([list[1], list[2]]));
    expect(gap.report.episodeLists[0]).toMatchObject({
      complete: false,
      reason: 'episode numbering gap in season 1',
    });
    expect(gap.catalog.shows[0]).toMatchObject({ episodesComplete: false, episodeCount: null });
  });
});
