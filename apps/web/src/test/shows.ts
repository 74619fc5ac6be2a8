import type { Episode, ShowDetail, ShowSummary } from '@series-tracker/contracts';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function buildShow(overrides: Partial<ShowSummary> = {}): ShowSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Show ${id}`,
    titleEnglish: null,
    titleJapanese: null,
    titleOriginal: null,
    kind: 'series',
    coverImageUrl: null,
    coverThumbUrl: null,
    backdropImageUrl: null,
    status: 'airing',
    lastKnownStatus: null,
    episodes: null,
    seasons: null,
    genres: [],
    synopsis: null,
    description: null,
    startDate: '2020-01-01',
    endDate: null,
    averageRating: null,
    totalUsers: 0,
    totalReviews: 0,
    network: null,
    ...overrides,
  };
}

export function buildShowDetail(overrides: Partial<ShowDetail> = {}): ShowDetail {
  return {
    ...buildShow(overrides),
    description: overrides.description ?? null,
    alternativeTitles: [],
    director: null,
    language: null,
    country: null,
    format: null,
    streamingService: null,
    runtimeMinutes: null,
    schedule: null,
    officialSite: null,
    sourceUrl: null,
    source: 'tvmaze',
    externalIds: {
      tvmaze: null,
      imdb: null,
      tvdb: null,
      tmdb: null,
      mal: null,
      anilist: null,
      anidb: null,
      bangumi: null,
    },
    watchLinks: [],
    episodesComplete: true,
    seasonList: [],
    metadataSyncedAt: null,
    attribution: 'Show data from TVmaze (CC BY-SA 4.0).',
    ...overrides,
  };
}

export function buildEpisode(overrides: Partial<Episode> = {}): Episode {
  const id = overrides.id ?? 1;
  return {
    id,
    showId: 1,
    seasonNumber: 1,
    episodeNumber: id,
    type: 'regular',
    title: `Episode title ${id}`,
    overview: null,
    airDate: '2020-01-01',
    airStamp: null,
    runtime: 30,
    stillPath: null,
    stillThumbPath: null,
    voteAverage: null,
    voteCount: null,
    ...overrides,
  };
}

export function page<T>(
  data: T[],
  extra: Partial<{ total: number; offset: number; hasMore: boolean; limit: number }> = {},
) {
  return { data, total: data.length, limit: 20, offset: 0, hasMore: false, ...extra };
}

/** Moves fake time forward and lets the promises it releases settle, inside act(). */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
