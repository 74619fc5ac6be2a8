import { describe, expect, it } from 'vitest';
import {
  communityNeighbours,
  contentNeighbours,
  interactionWeight,
  memberPicks,
  mergeNeighbours,
  type Interaction,
  type ShowMeta,
} from './similarity';

// A tiny community: members 1–3 love shows 10 and 11 together; member 4 pairs 10 with 12
// once; member 5 only watches 13.
const community: Interaction[] = [
  { userId: 1, showId: 10, weight: 1 },
  { userId: 1, showId: 11, weight: 1 },
  { userId: 2, showId: 10, weight: 1 },
  { userId: 2, showId: 11, weight: 1 },
  { userId: 3, showId: 10, weight: 1 },
  { userId: 3, showId: 11, weight: 1 },
  { userId: 4, showId: 10, weight: 1 },
  { userId: 4, showId: 12, weight: 1 },
  { userId: 5, showId: 13, weight: 1 },
];

describe('community similarity', () => {
  it('is the shrunk cosine of the member vectors', () => {
    const n = communityNeighbours(community, { shrink: 3 });
    // 10 = (1,1,1,1,0), 11 = (1,1,1,0,0): cosine 3 / (2·√3) = 0.866, 3 shared → × 3/6.
    const to11 = n.get(10)!.find((x) => x.id === 11)!;
    expect(to11.score).toBeCloseTo((3 / (2 * Math.sqrt(3))) * (3 / 6), 10);
    // 10 and 12 share one member: cosine 1 / (2·1) = 0.5, × 1/4.
    expect(n.get(10)!.find((x) => x.id === 12)!.score).toBeCloseTo(0.5 * 0.25, 10);
    expect(n.get(10)!.map((x) => x.id)).toEqual([11, 12]);
    // Symmetric, and a show nobody pairs has no list.
    expect(n.get(11)!.find((x) => x.id === 10)!.score).toBeCloseTo(to11.score, 10);
    expect(n.has(13)).toBe(false);
  });

  it('weighs liking: a low score counts for less, a dropped show for nothing', () => {
    expect(interactionWeight('dropped', 9)).toBe(0);
    expect(interactionWeight('completed', 2)).toBe(0);
    expect(interactionWeight('completed', 10)).toBeGreaterThan(interactionWeight('completed', 5));
    const liked = communityNeighbours([
      ...community,
      { userId: 6, showId: 12, weight: interactionWeight('completed', 10) },
      { userId: 6, showId: 11, weight: interactionWeight('completed', 10) },
      { userId: 7, showId: 12, weight: interactionWeight('dropped', null) },
      { userId: 7, showId: 13, weight: interactionWeight('dropped', null) },
    ]);
    expect(liked.get(12)!.map((x) => x.id)).not.toContain(13);
  });

  it('caps each member to their newest shows', () => {
    const n = communityNeighbours(
      [
        { userId: 1, showId: 1, weight: 1 },
        { userId: 1, showId: 2, weight: 1 },
        { userId: 1, showId: 3, weight: 1 },
      ],
      { maxPerMember: 2 },
    );
    expect(n.get(1)!.map((x) => x.id)).toEqual([2]);
    expect(n.has(3)).toBe(false);
  });
});

describe('content similarity and merging', () => {
  const meta: ShowMeta[] = [
    { id: 1, kind: 'series', genres: [1, 2], network: 'HBO', year: 2010, popularity: 5 },
    { id: 2, kind: 'series', genres: [1, 2], network: 'HBO', year: 2012, popularity: 1 },
    { id: 3, kind: 'series', genres: [1], network: 'BBC', year: 1990, popularity: 9 },
    { id: 4, kind: 'series', genres: [3], network: 'HBO', year: 2010, popularity: 9 },
    { id: 5, kind: 'anime', genres: [], network: null, year: 2020, popularity: 1 },
    { id: 6, kind: 'anime', genres: [], network: null, year: 2021, popularity: 1 },
  ];

  it('ranks shared genres, then network and era; no shared genre, no neighbour', () => {
    const n = contentNeighbours([1, 5], meta);
    expect(n.get(1)!.map((x) => x.id)).toEqual([2, 3]);
    // Genre-less anime find each other through their kind.
    expect(n.get(5)!.map((x) => x.id)).toEqual([6]);
  });

  it('lets community neighbours outrank content ones, content fill the rest', () => {
    const merged = mergeNeighbours(
      new Map([[1, [{ id: 4, score: 0.2, source: 'community' as const }]]]),
      contentNeighbours([1], meta),
    );
    expect(merged.get(1)!.map((x) => [x.id, x.source])).toEqual([
      [4, 'community'],
      [2, 'content'],
      [3, 'content'],
    ]);
  });
});

describe('member picks', () => {
  const neighbours = new Map([
    [
      10,
      [
        { id: 11, score: 0.8, source: 'community' as const },
        { id: 12, score: 0.4, source: 'community' as const },
      ],
    ],
    [
      20,
      [
        { id: 12, score: 0.9, source: 'community' as const },
        { id: 10, score: 0.5, source: 'community' as const },
      ],
    ],
  ]);

  it('sums over the member’s shows and names the show that brought each pick', () => {
    const picks = memberPicks(
      [
        { showId: 20, weight: 1 },
        { showId: 10, weight: 1 },
      ],
      neighbours,
      new Set(),
    );
    expect(picks.map((p) => [p.showId, p.because])).toEqual([
      [12, 20],
      [11, 10],
    ]);
    // 12: 0.9/0.9 from 20 + (0.4/0.8) × the second show's recency factor from 10.
    expect(picks[0]!.score).toBeCloseTo(1 + 0.5 / (1 + 1 / 25), 10);
  });

  it('never picks a tracked (even dropped) or dismissed show', () => {
    const picks = memberPicks(
      [
        { showId: 10, weight: 1 },
        { showId: 12, weight: 0 },
      ],
      neighbours,
      new Set([11]),
    );
    expect(picks).toEqual([]);
  });
});
