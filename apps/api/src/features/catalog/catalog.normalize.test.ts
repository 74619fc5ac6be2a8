import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { mapShow, type TvmazeShow } from '../metadata/tvmaze.mapper';
import { readCatalogFile } from './catalog.importer';
import { honestStatus, normalizeCatalogShow, tidyCase } from './catalog.normalize';
import type { CatalogShow } from './catalog.schema';

const bundled = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
const find = (pred: (s: CatalogShow) => boolean) => structuredClone(bundled.shows.find(pred)!);

const tvmaze = (over: Partial<TvmazeShow>): TvmazeShow => ({
  id: 1371,
  name: 'Westworld',
  language: 'English',
  type: 'Scripted',
  status: 'Running',
  premiered: '2016-10-02',
  ended: null,
  ...over,
});

describe('statuses (ADR 120)', () => {
  it('maps TVmaze statuses as the issue lists them', () => {
    const asOf = '2020-04-05';
    expect(mapShow(tvmaze({ status: 'Ended' }), { asOf }).status).toBe('completed');
    expect(mapShow(tvmaze({ status: 'Running' }), { asOf }).status).toBe('airing');
    expect(mapShow(tvmaze({ status: 'In Development' }), { asOf }).status).toBe('upcoming');
    expect(mapShow(tvmaze({ status: 'To Be Determined' }), { asOf }).status).toBe('tbd');
    expect(mapShow(tvmaze({ status: 'Something new' }), { asOf }).status).toBe('unknown');
  });

  it("honours TVmaze's end date: one in the past means completed, whatever status says", () => {
    const show = mapShow(tvmaze({ status: 'To Be Determined', ended: '2022-08-14' }), {
      asOf: '2026-11-01',
    });
    expect(show).toMatchObject({
      status: 'completed',
      statusRaw: 'To Be Determined',
      lastAirDate: '2022-08-14',
    });
    // With a full episode list the end date is still TVmaze's, not the last episode's.
    const withList = mapShow(tvmaze({ status: 'Running', ended: '2022-08-14' }), {
      asOf: '2026-11-01',
      complete: true,
      episodes: [{ id: 1, season: 1, number: 1, airdate: '2016-10-02', type: 'regular' }],
    });
    expect(withList).toMatchObject({ status: 'completed', lastAirDate: '2022-08-14' });
    // An end date still ahead is not an end yet.
    expect(
      mapShow(tvmaze({ status: 'Running', ended: '2026-12-20' }), { asOf: '2026-11-01' }).status,
    ).toBe('airing');
  });

  it("does not take a running show's latest episode for an end date", () => {
    // Westworld as the 2019 snapshot had it: Running, full list, last episode 2018-06-24.
    const westworld = {
      ...find((s) => s.id === 'tvmaze:1371'),
      status: 'airing' as const,
      statusRaw: 'Running',
      episodesComplete: true,
      lastAirDate: '2018-06-24',
    };
    expect(honestStatus(westworld, '2026-11-25')).toBe('airing');
    expect(honestStatus({ ...westworld, episodesComplete: false }, '2026-11-25')).toBe('completed');
  });

  it('completes a bangumi-data show whose end date has passed since the snapshot', () => {
    const airing = find((s) => s.source === 'bangumi-data' && s.status === 'airing');
    expect(honestStatus({ ...airing, lastAirDate: '2026-09-20' }, '2026-11-25')).toBe('completed');
    expect(honestStatus({ ...airing, lastAirDate: '2026-12-20' }, '2026-11-25')).toBe('airing');
    expect(honestStatus({ ...airing, lastAirDate: null }, '2026-11-25')).toBe('airing');
  });
});

describe('display titles (ADR 120)', () => {
  it('uses the English title, tidying one typed all in lower case', () => {
    const titan = find((s) => s.titleEnglish === 'attack on titan');
    const out = normalizeCatalogShow(titan, '2026-11-25');
    expect(out.title).toBe('Attack on Titan');
    expect(out.titleEnglish).toBe('Attack on Titan');
    expect(out.titleOriginal).toBe(titan.titleOriginal);
  });

  it('leaves stylised titles alone', () => {
    for (const t of ['xxxHOLiC', 'gdgd Fairies', 'BLEACH', 'Re:ZERO', '11eyes'])
      expect(tidyCase(t)).toBe(t);
    expect(tidyCase('itsuka tenma no kurousagi')).toBe('Itsuka Tenma no Kurousagi');
    expect(tidyCase('handa-kun')).toBe('Handa-kun');
    // TVmaze's names are kept as TVmaze writes them.
    const blackish = find((s) => s.title === 'black-ish');
    expect(normalizeCatalogShow(blackish, '2026-11-25').title).toBe('black-ish');
  });

  it('falls back to a Latin title the record carries, then to the native one', () => {
    const flcl = find((s) => s.titleOriginal === 'フリクリ' && s.source === 'bangumi-data');
    expect(flcl.titleEnglish).toBeNull();
    expect(normalizeCatalogShow(flcl, '2026-11-25')).toMatchObject({
      title: 'FLCL',
      titleOriginal: 'フリクリ',
    });
    const native = find((s) => s.source === 'bangumi-data' && s.title === '天幕のジャードゥーガル');
    expect(normalizeCatalogShow(native, '2026-11-25').title).toBe('天幕のジャードゥーガル');
  });

  it('does not take a translation in Chinese characters for the English title', () => {
    const odd = find((s) => s.titleEnglish === '世界名作剧场・完结版 崔普一家物语');
    const out = normalizeCatalogShow(odd, '2026-11-25');
    expect(out.titleEnglish).toBeNull();
    expect(out.titleAlternatives).toContain('世界名作剧场・完结版 崔普一家物语');
  });
});
