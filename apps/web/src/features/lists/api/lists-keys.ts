import type { ListView } from '@series-tracker/contracts';

export const listsKeys = {
  all: ['lists'] as const,
  indexes: () => [...listsKeys.all, 'index'] as const,
  index: (view: ListView) => [...listsKeys.indexes(), view] as const,
  mine: (showId?: number) => [...listsKeys.all, 'mine', showId ?? null] as const,
  mineAll: () => [...listsKeys.all, 'mine'] as const,
  detail: (id: number) => [...listsKeys.all, 'detail', id] as const,
  items: (id: number) => [...listsKeys.all, 'items', id] as const,
};
