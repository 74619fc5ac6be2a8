import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchTextFor } from './normalize';
import { showScore, titleScore } from './relevance';

describe('normalizeForSearch', () => {
  it.each([
    ['Pokémon', 'pokemon'],
    ["Marvel's Agents of S.H.I.E.L.D.", 'marvels agents of shield'],
    ['  Game   of Thrones!! ', 'game of thrones'],
    ['ＧＡＭＥ', 'game'],
    ['進撃の巨人', '進撃の巨人'],
    ['"; drop table shows; --', 'drop table shows'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });

  it('joins distinct titles', () => {
    expect(searchTextFor(['Pokémon', 'Pokemon', null, 'ポケモン'])).toBe('pokemon | ポケモン');
  });
});

describe('titleScore', () => {
  it('orders exact > prefix > whole word > substring > typo', () => {
    const exact = titleScore('office', 'office');
    const prefix = titleScore('office', 'office hours');
    const word = titleScore('office', 'the office');
    const sub = titleScore('ffice', 'the office');
    const typo = titleScore('ofice', 'the office');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(sub);
    expect(sub).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(0);
  });

  it.each([
    ['brakng bad', 'breaking bad'], // two letters dropped
    ['braeking bad', 'breaking bad'], // neighbours swapped
    ['breakinf bad', 'breaking bad'], // one wrong letter
    ['game of throne', 'game of thrones'], // prefix while typing
    ['thrones game', 'game of thrones'], // word order
  ])('%s finds %s', (q, title) => {
    expect(titleScore(q, title)).toBeGreaterThanOrEqual(25);
  });

  it.each([
    ['breaking', 'grand blue dreaming'], // two substitutions are a different word
    ['cat', 'bat'], // short words must match exactly or as a prefix
    ['xyzzy', 'breaking bad'],
  ])('%s does not find %s', (q, title) => {
    expect(titleScore(q, title)).toBe(0);
  });

  it('ranks any substring match above any word-by-word match (search relies on it to skip typo lookups)', () => {
    const bestWordByWord = titleScore('thrones game', 'game of thrones');
    const worstSubstring = titleScore('ame of thr', 'game of thrones');
    expect(bestWordByWord).toBeGreaterThan(0);
    expect(worstSubstring).toBeGreaterThan(bestWordByWord);
  });

  it('takes the best of all titles', () => {
    expect(showScore('attack on titan', 'shingeki no kyojin | attack on titan')).toBe(100);
  });
});
