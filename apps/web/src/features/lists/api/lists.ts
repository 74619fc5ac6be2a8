import type {
  CreateListInput,
  ListDetail,
  ListFollowState,
  ListItem,
  ListSummary,
  ListView,
  Page,
  UpdateList,
} from '@series-tracker/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadedOffset, offsetPages } from '@/lib/paging';
import { listToasts } from './list-toasts';
import { listsKeys } from './lists-keys';

/** Spec §9: lists load 12 at a time; a list's items 100 at a time. */
export const LISTS_PAGE_SIZE = 12;
export const LIST_ITEMS_PAGE_SIZE = 100;

/** Which call each view of /lists makes (spec §4: recent, popular, ranked, all). */
export function listsRequest(view: ListView, offset: number) {
  const paging = { limit: LISTS_PAGE_SIZE, offset };
  switch (view) {
    case 'popular':
      return { path: '/lists/popular', params: paging };
    case 'ranked':
      return { path: '/lists', params: { ...paging, isRanked: 'true', sort: 'updated_at' } };
    case 'all':
      return { path: '/lists', params: { ...paging, sort: 'name', order: 'asc' } };
    case 'recent':
    default:
      return { path: '/lists', params: { ...paging, sort: 'updated_at' } };
  }
}

export function listsQueryOptions(view: ListView) {
  return infiniteQueryOptions({
    queryKey: listsKeys.index(view),
    queryFn: ({ pageParam, signal }) => {
      const { path, params } = listsRequest(view, pageParam);
      return api.get<Page<ListSummary>>(path, { params, signal });
    },
    initialPageParam: 0,
    getNextPageParam: loadedOffset,
  });
}

export const useLists = (view: ListView) => useInfiniteQuery(listsQueryOptions(view));

export function listQueryOptions(id: number) {
  return queryOptions({
    queryKey: listsKeys.detail(id),
    queryFn: ({ signal }) => api.get<ListDetail>(`/lists/${id}`, { signal }),
  });
}

export const useList = (id: number, { enabled = true } = {}) =>
  useQuery({ ...listQueryOptions(id), enabled });

export type ListItemsData = InfiniteData<Page<ListItem>, number>;

export function listItemsQueryOptions(
  id: number,
  services: { services?: string; servicesCountry?: string } = {},
) {
  return offsetPages<Page<ListItem>, ReturnType<typeof listsKeys.items>>({
    // Filtered by "On my services" (ADR 182) under a key of its own; the whole list keeps
    // the plain key its optimistic moves write to.
    queryKey: services.services
      ? ([...listsKeys.items(id), services] as unknown as ReturnType<typeof listsKeys.items>)
      : listsKeys.items(id),
    path: `/lists/${id}/items`,
    params: (offset) => ({ limit: LIST_ITEMS_PAGE_SIZE, offset, ...services }),
    next: loadedOffset,
  });
}

export const useListItems = (
  id: number,
  {
    enabled = true,
    services = {},
  }: { enabled?: boolean; services?: { services?: string; servicesCountry?: string } } = {},
) => useInfiniteQuery({ ...listItemsQueryOptions(id, services), enabled });

/** The signed-in member's lists (private ones too), each saying whether `showId` is on it. */
export function useMyLists(showId: number | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: listsKeys.mine(showId),
    queryFn: ({ signal }) =>
      api.get<Page<ListSummary>>('/lists/me', {
        params: { limit: 100, offset: 0, showId },
        signal,
      }),
    enabled,
  });
}

/** Everything that shows lists or their counts is stale after a write. */
function invalidateLists(queryClient: QueryClient, id?: number) {
  void queryClient.invalidateQueries({ queryKey: listsKeys.indexes() });
  void queryClient.invalidateQueries({ queryKey: listsKeys.mineAll() });
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: listsKeys.detail(id) });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListInput) => api.post<ListDetail>('/lists', body),
    onSuccess: (list) => {
      queryClient.setQueryData(listsKeys.detail(list.id), list);
      invalidateLists(queryClient);
    },
  });
}

export function useUpdateList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateList) => api.put<ListDetail>(`/lists/${id}`, body),
    onSuccess: (list) => {
      queryClient.setQueryData(listsKeys.detail(id), list);
      // Ranked on or off changes how items are ordered and numbered.
      void queryClient.invalidateQueries({ queryKey: listsKeys.items(id) });
      invalidateLists(queryClient);
    },
  });
}

export function useDeleteList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/lists/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: listsKeys.detail(id) });
      queryClient.removeQueries({ queryKey: listsKeys.items(id) });
      invalidateLists(queryClient);
    },
  });
}

export function useFollowList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<ListFollowState>(`/lists/${id}/follow`)
        : api.delete<ListFollowState>(`/lists/${id}/follow`),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: listsKeys.detail(id) });
      const before = queryClient.getQueryData<ListDetail>(listsKeys.detail(id));
      if (before && before.isFollowing !== follow)
        queryClient.setQueryData<ListDetail>(listsKeys.detail(id), {
          ...before,
          isFollowing: follow,
          followersCount: before.followersCount + (follow ? 1 : -1),
        });
      return { before };
    },
    onError: (error, follow, context) => {
      if (context?.before) queryClient.setQueryData(listsKeys.detail(id), context.before);
      listToasts.followFailed(follow, error);
    },
    onSuccess: (state) => {
      const current = queryClient.getQueryData<ListDetail>(listsKeys.detail(id));
      if (current) queryClient.setQueryData(listsKeys.detail(id), { ...current, ...state });
      void queryClient.invalidateQueries({ queryKey: listsKeys.indexes() });
    },
  });
}

export function useDuplicateList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<ListDetail>(`/lists/${id}/duplicate`, { name }),
    onSuccess: (list) => {
      queryClient.setQueryData(listsKeys.detail(list.id), list);
      invalidateLists(queryClient);
    },
  });
}

/** Items in their current order, flattened from the loaded pages. */
export const flatItems = (data: { pages: Page<ListItem>[] } | undefined): ListItem[] =>
  data?.pages.flatMap((p) => p.data) ?? [];

/** Puts `items` back into pages of the same sizes (the loaded pages stay contiguous). */
function repage(data: ListItemsData, items: ListItem[]): ListItemsData {
  let at = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const slice = items.slice(at, at + page.data.length);
      at += page.data.length;
      return { ...page, data: slice };
    }),
  };
}

/**
 * Moves one item of a ranked list to a new position (PUT …/items/{id} {position}): the
 * rows change at once and go back if the server says no. One item per call, so a move in a
 * 2,000-item list never needs the whole list loaded.
 */
export function useMoveListItem(listId: number) {
  const queryClient = useQueryClient();
  const key = listsKeys.items(listId);
  return useMutation({
    mutationFn: ({ item, to }: { item: ListItem; to: number }) =>
      api.put<ListItem>(`/lists/${listId}/items/${item.id}`, { position: to }),
    onMutate: async ({ item, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ListItemsData>(key);
      if (before) {
        const items = flatItems(before).filter((i) => i.id !== item.id);
        items.splice(to - 1, 0, item);
        queryClient.setQueryData<ListItemsData>(
          key,
          repage(
            before,
            items.map((i, index) => ({ ...i, position: index + 1 })),
          ),
        );
      }
      return { before };
    },
    onError: (error, { item }, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      listToasts.moveFailed(item, error);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listsKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listsKeys.indexes() });
    },
  });
}

export function useUpdateListItemNotes(listId: number) {
  const queryClient = useQueryClient();
  const key = listsKeys.items(listId);
  return useMutation({
    mutationFn: ({ item, notes }: { item: ListItem; notes: string }) =>
      api.put<ListItem>(`/lists/${listId}/items/${item.id}`, { notes }),
    onSuccess: (saved) => {
      const data = queryClient.getQueryData<ListItemsData>(key);
      if (data)
        queryClient.setQueryData<ListItemsData>(
          key,
          repage(
            data,
            flatItems(data).map((i) => (i.id === saved.id ? { ...i, notes: saved.notes } : i)),
          ),
        );
    },
  });
}

export function useRemoveListItem(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ListItem) => api.delete<void>(`/lists/${listId}/items/${item.id}`),
    onError: (error, item) => listToasts.removeFailed(item, error),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listsKeys.items(listId) });
      invalidateLists(queryClient, listId);
    },
  });
}

/** Adds a show to one of the member's lists, or takes it off (the show page's control). */
export function useToggleShowOnList(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ list, add }: { list: ListSummary; add: boolean }): Promise<void> => {
      if (add) await api.post<ListItem>(`/lists/${list.id}/items`, { showId });
      else await api.delete<void>(`/lists/${list.id}/shows/${showId}`);
    },
    onSuccess: (_data, { list, add }) => {
      listToasts.toggled(add, list.name);
    },
    onError: (error, { list, add }) => listToasts.toggleFailed(add, list.name, error),
    onSettled: (_data, _error, { list }) => {
      void queryClient.invalidateQueries({ queryKey: listsKeys.items(list.id) });
      invalidateLists(queryClient, list.id);
    },
  });
}
