import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import type { WatchlistItem } from '@series-tracker/contracts';
import { buildUser } from './fixtures';
import { jsonResponse, type RecordedCall } from './fetch-mock';

export function buildWatchlistItem(
  overrides: Partial<WatchlistItem> = {},
  show: Partial<WatchlistItem['show']> = {},
): WatchlistItem {
  const id = overrides.id ?? 1;
  const showId = overrides.showId ?? 100 + id;
  return {
    id,
    userId: 1,
    showId,
    status: 'watching',
    progress: 0,
    score: null,
    startedAt: null,
    completedAt: null,
    lastWatchedAt: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
    show: {
      id: showId,
      title: `Show ${showId}`,
      titleEnglish: null,
      coverImageUrl: null,
      status: 'airing',
      episodes: null,
      averageRating: null,
      description: null,
      ...show,
    },
  };
}

export function watchlistPage(items: WatchlistItem[], total = items.length, offset = 0) {
  return { data: items, total, limit: 50, offset, hasMore: offset + items.length < total };
}

/** Stores a token and answers /api/auth/me; other calls go to `handler`. */
export function signedInHandler(handler: (call: RecordedCall) => Response | Promise<Response>) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return (call: RecordedCall) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    return handler(call);
  };
}
