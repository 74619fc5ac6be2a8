import type { ListDetail, ListItem, ListSummary } from '@series-tracker/contracts';

export function buildListSummary(overrides: Partial<ListSummary> = {}): ListSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `List ${id}`,
    description: null,
    isRanked: false,
    isPublic: true,
    itemCount: 0,
    followersCount: 0,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    user: { id: 2, username: 'bob', displayName: 'Bob Builder', avatarUrl: null },
    covers: [],
    ...overrides,
  };
}

export function buildListDetail(overrides: Partial<ListDetail> = {}): ListDetail {
  return { ...buildListSummary(overrides), isFollowing: false, ...overrides };
}

export function buildListItem(overrides: Partial<ListItem> = {}, title?: string): ListItem {
  const id = overrides.id ?? 1;
  const showId = overrides.showId ?? 100 + id;
  return {
    id,
    listId: 1,
    showId,
    position: null,
    notes: null,
    addedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
    show: {
      id: showId,
      title: title ?? `Show ${showId}`,
      titleEnglish: null,
      coverImageUrl: null,
      episodes: 10,
      status: 'airing',
    },
  };
}

export function listPage<T>(data: T[], total = data.length, offset = 0, limit = 12) {
  return { data, total, limit, offset, hasMore: offset + data.length < total };
}
