import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import type { ShowRow } from '../../db/types';
import { recordedTvmaze } from '../../../test/tvmaze-stand-in';
import { catalogShowRow } from '../catalog/catalog.rows';
import type { CatalogFile, CatalogShow } from '../catalog/catalog.schema';
import {
  htmlToText,
  httpsUrl,
  mapEpisode,
  mapShow,
  mapStatus,
  mergeShowRow,
  type TvmazeEpisode,
  type TvmazeShow,
} from './tvmaze.mapper';

const recordedShows = recordedTvmaze<TvmazeShow[]>('shows-page-0.json');
const gotEpisodes = recordedTvmaze<TvmazeEpisode[]>('shows-82-episodes.json');
const got = recordedShows.find((s) => s.id === 82)!;

describe('tvmaze mapper', () => {
  it('maps TVmaze statuses to ours', () => {
    expect(mapStatus('Running')).toBe('airing');
    expect(mapStatus('Ended')).toBe('completed');
    expect(mapStatus('In Development')).toBe('upcoming');
    expect(mapStatus('To Be Determined')).toBe('tbd');
    expect(mapStatus('Something New')).toBe('unknown');
    expect(mapStatus(null)).toBe('unknown');
  });

  it('turns summary HTML into plain paragraphs and decodes entities', () => {
    expect(
      htmlToText('<p>Tom &amp; <b>Jerry</b>&#39;s  chase.</p><p>Line one<br />line two</p>'),
    ).toBe("Tom & Jerry's chase.\n\nLine one\nline two");
    expect(htmlToText('<p></p>')).toBeNull();
    expect(htmlToText(null)).toBeNull();
  });

  it('rewrites http links to https', () => {
    expect(httpsUrl('http://static.tvmaze.com/a.jpg')).toBe('https://static.tvmaze.com/a.jpg');
    expect(httpsUrl('https://x.test/')).toBe('https://x.test/');
    expect(httpsUrl('')).toBeNull();
  });

  it('types specials and keeps the raw type', () => {
    const base = { id: 1, name: 'x', season: 1, number: null };
    expect(mapEpisode({ ...base, type: 'significant_special' })).toMatchObject({
      id: 'tvmaze:1',
      type: 'special',
      typeRaw: 'significant_special',
    });
    expect(mapEpisode({ ...base, type: 'insignificant_special' }).type).toBe('special');
    expect(mapEpisode({ ...base, type: 'regular', number: 3 })).toMatchObject({
      type: 'regular',
      number: 3,
    });
    // Old responses have no type at all: those are regular episodes.
    expect(mapEpisode({ ...base, number: 1 })).toMatchObject({ type: 'regular', typeRaw: null });
  });

  it('maps Game of Thrones exactly as the bundled catalogue has it', () => {
    const bundled = (
      JSON.parse(
        gunzipSync(fs.readFileSync(path.join(repoRoot, 'data/catalog.json.gz'))).toString('utf8'),
      ) as CatalogFile
    ).shows.find((s) => s.id === 'tvmaze:82')!;
    const mapped = mapShow(got, {
      asOf: bundled.episodesAsOf!,
      episodes: gotEpisodes,
      complete: true,
    });
    expect(mapped.episodes).toEqual(bundled.episodes);
    const { statusAsOf: _a, ...rest } = mapped;
    const {
      statusAsOf: _b,
      linkedSources: _c,
      ...expected
    } = bundled as CatalogShow & { linkedSources: string[] };
    expect(rest).toEqual(expected);
    expect(mapped.synopsis).not.toMatch(/<|>/);
    expect(mapped.posterUrl).toMatch(/^https:\/\/static\.tvmaze\.com\//);
  });

  it('marks Japanese animation as anime', () => {
    const hellsing = recordedShows.find((s) => s.id === 25)!;
    expect(mapShow(hellsing, { asOf: '2026-03-01' })).toMatchObject({
      kind: 'anime',
      languageCode: 'ja',
      country: 'JP',
    });
    expect(mapShow(got, { asOf: '2026-03-01' }).kind).toBe('series');
  });

  it('merging never blanks what another source gave us', () => {
    const record = mapShow(
      recordedShows.find((s) => s.id === 25)!,
      { asOf: '2026-03-01' },
    );
    const { episodes: _e, ...fields } = record;
    const incoming = catalogShowRow(
      { ...fields, externalIds: { ...fields.externalIds, imdb: null } },
      'h',
      'now',
    );
    // What other sources gave the row, which a partial TVmaze record must not blank.
    const kept = {
      title_original: 'HELLSING',
      title_english: 'Hellsing',
      mal_id: 270,
      anilist_id: 270,
      imdb_id: 'tt0325547',
      watch_links: '[{"site":"unext"}]',
      episodes_complete: 1,
      episode_count: 13,
    };
    const existing = {
      ...catalogShowRow(fields, 'old', 'then'),
      id: 7,
      source_id: 'tvmaze:25',
      ...kept,
      metadata_synced_at: null,
    } as ShowRow;
    const merged = mergeShowRow(existing, incoming, { partial: true });
    expect(merged).toMatchObject({ ...kept, source_hash: 'h' });
    expect(merged).not.toHaveProperty('source_id');
    expect(merged).not.toHaveProperty('created_at');
    expect(mergeShowRow(existing, incoming, { partial: false }).episodes_complete).toBe(0);
  });
});
