import type {
  Comment,
  CreateComment,
  CreateEpisodeReview,
  CreateReview,
  EpisodeReview,
  LikeResult,
  Page,
  Review,
  ReviewFilter,
  ReviewSearchResult,
  ReviewSort,
  UpdateReview,
} from '@series-tracker/contracts';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { showsKeys } from '@/features/shows/api/shows-keys';
import { api, isApiError } from '@/lib/api-client';
import { loadedOffset, mapPagedItems, offsetPages } from '@/lib/paging';

/** Spec §7/§9: the feed loads 10 at a time. */
export const REVIEWS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;

/** Everything under 'reviews', so a sign-in or sign-out refetches the viewer's likes. */
export const reviewsKeys = {
  all: ['reviews'] as const,
  feeds: () => ['reviews', 'feed'] as const,
  feed: (filter: ReviewFilter, sort: ReviewSort | undefined) =>
    ['reviews', 'feed', { filter, sort: sort ?? 'default' }] as const,
  detail: (id: number) => ['reviews', 'detail', id] as const,
  show: (showId: number) => ['reviews', 'show', showId] as const,
  mine: (showId: number) => ['reviews', 'show', showId, 'me'] as const,
  comments: (reviewId: number) => ['reviews', 'comments', reviewId] as const,
  episode: (episodeId: number) => ['reviews', 'episode', episodeId] as const,
  search: (q: string) => ['reviews', 'search', q] as const,
};

type ReviewPages = InfiniteData<Page<Review>, number>;

/** The like count and the viewer's like of review `id` as `result` has them; others as they are. */
const likedAs =
  (id: number, result: LikeResult) =>
  <T extends { id: number; likesCount: number; isLiked?: boolean }>(r: T): T =>
    r.id === id ? { ...r, likesCount: result.likesCount, isLiked: result.isLiked } : r;

/** `limit` rows of `path` a page at a time, each page from what is loaded so far. */
function pagesOf<T>(queryKey: QueryKey, path: string, limit: number) {
  return offsetPages<Page<T>>({
    queryKey,
    path,
    params: (offset) => ({ limit, offset }),
    next: loadedOffset,
  });
}

export function reviewFeedQueryOptions(filter: ReviewFilter, sort: ReviewSort | undefined) {
  return offsetPages<Page<Review>>({
    queryKey: reviewsKeys.feed(filter, sort),
    path: '/reviews',
    params: (offset) => ({ filter, sort, order: 'desc', limit: REVIEWS_PAGE_SIZE, offset }),
    next: loadedOffset,
  });
}

export function useReviewFeed(filter: ReviewFilter, sort: ReviewSort | undefined) {
  return useInfiniteQuery(reviewFeedQueryOptions(filter, sort));
}

export function useReview(id: number) {
  return useQuery(
    queryOptions({
      queryKey: reviewsKeys.detail(id),
      queryFn: ({ signal }) => api.get<Review>(`/reviews/${id}`, { signal }),
    }),
  );
}

export function useShowReviews(showId: number) {
  return useInfiniteQuery(
    pagesOf<Review>(reviewsKeys.show(showId), `/shows/${showId}/reviews`, REVIEWS_PAGE_SIZE),
  );
}

/** The signed-in member's review of a show, or null (404 means none, spec §8). */
export function useMyShowReview(showId: number | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: reviewsKeys.mine(showId ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Review>(`/shows/${showId}/reviews/me`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && showId !== null,
  });
}

/** After a write: lists and counts that include reviews refetch; the show page's count too. */
function afterReviewWrite(queryClient: QueryClient, showId: number) {
  void queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
  void queryClient.invalidateQueries({ queryKey: showsKeys.detail(showId) });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CreateReview) => api.post<Review>('/reviews', draft),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewsKeys.detail(review.id), review);
      afterReviewWrite(queryClient, review.showId);
    },
  });
}

export function useUpdateReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateReview) => api.put<Review>(`/reviews/${id}`, change),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewsKeys.detail(review.id), review);
      afterReviewWrite(queryClient, review.showId);
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Review) => api.delete<void>(`/reviews/${review.id}`),
    onSuccess: (_void, review) => {
      queryClient.removeQueries({ queryKey: reviewsKeys.detail(review.id) });
      afterReviewWrite(queryClient, review.showId);
    },
  });
}

/** The viewer's like on a review, fetched for signed-in members (spec §4). */
export function useReviewLikeStatus(id: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...reviewsKeys.detail(id), 'like'],
    queryFn: ({ signal }) => api.get<{ isLiked: boolean }>(`/reviews/${id}/like/check`, { signal }),
    enabled,
  });
}

/**
 * Like or unlike a review: the count changes after the server answers (spec §4), with the
 * exact figure it returns; every cached copy of the review follows.
 */
export function useLikeReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? api.post<LikeResult>(`/reviews/${id}/like`)
        : api.delete<LikeResult>(`/reviews/${id}/like`),
    onSuccess: (result) => {
      queryClient.setQueryData([...reviewsKeys.detail(id), 'like'], { isLiked: result.isLiked });
      queryClient.setQueryData<Review>(reviewsKeys.detail(id), (old) =>
        old ? { ...old, likesCount: result.likesCount, isLiked: result.isLiked } : old,
      );
      queryClient.setQueriesData<ReviewPages>({ queryKey: reviewsKeys.feeds() }, (old) =>
        mapPagedItems(old, likedAs(id, result)),
      );
    },
  });
}

// --- comments ---

export function useComments(reviewId: number) {
  return useInfiniteQuery(
    pagesOf<Comment>(
      reviewsKeys.comments(reviewId),
      `/reviews/${reviewId}/comments`,
      COMMENTS_PAGE_SIZE,
    ),
  );
}

type CommentPages = InfiniteData<Page<Comment>, number>;

function bumpCommentsCount(queryClient: QueryClient, reviewId: number, by: number) {
  queryClient.setQueryData<Review>(reviewsKeys.detail(reviewId), (old) =>
    old ? { ...old, commentsCount: Math.max(0, old.commentsCount + by) } : old,
  );
}

/** A new comment goes on top of the list; a reply under its comment (spec §4). */
export function useAddComment(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<CreateComment, 'content' | 'parentId'>) =>
      api.post<Comment>(`/reviews/${reviewId}/comments`, { ...body, reviewId }),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentPages>(reviewsKeys.comments(reviewId), (old) => {
        if (!old) return old;
        const pages = old.pages.map((p, i) => {
          if (comment.parentId === null) {
            return i === 0 ? { ...p, data: [comment, ...p.data], total: p.total + 1 } : p;
          }
          return {
            ...p,
            data: p.data.map((c) =>
              c.id === comment.parentId
                ? {
                    ...c,
                    replies: [...c.replies, { ...comment, replies: undefined }],
                    repliesCount: c.repliesCount + 1,
                  }
                : c,
            ),
          };
        });
        return { ...old, pages };
      });
      bumpCommentsCount(queryClient, reviewId, 1);
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.feeds() });
    },
  });
}

export function useDeleteComment(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<void>(`/comments/${commentId}`),
    onSuccess: () => {
      bumpCommentsCount(queryClient, reviewId, -1);
      // What stays (a '[deleted]' placeholder or nothing) is the server's call.
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.comments(reviewId) });
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.feeds() });
    },
  });
}

export function useLikeComment(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      like
        ? api.post<LikeResult>(`/comments/${id}/like`)
        : api.delete<LikeResult>(`/comments/${id}/like`),
    onSuccess: (result, { id }) => {
      const patch = <T extends { id: number; likesCount: number; isLikedByUser: boolean }>(
        c: T,
      ): T =>
        c.id === id ? { ...c, likesCount: result.likesCount, isLikedByUser: result.isLiked } : c;
      queryClient.setQueryData<CommentPages>(reviewsKeys.comments(reviewId), (old) =>
        mapPagedItems(old, (c) => ({ ...patch(c), replies: c.replies.map(patch) })),
      );
    },
  });
}

// --- episode reviews ---

export function useEpisodeReviews(episodeId: number) {
  return useInfiniteQuery(
    pagesOf<EpisodeReview>(
      reviewsKeys.episode(episodeId),
      `/episodes/${episodeId}/reviews`,
      REVIEWS_PAGE_SIZE,
    ),
  );
}

type EpisodeReviewPages = InfiniteData<Page<EpisodeReview>, number>;

/** A new episode review goes on top of the list (spec §4). */
export function useCreateEpisodeReview(episodeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CreateEpisodeReview) => api.post<EpisodeReview>('/episode-reviews', draft),
    onSuccess: (review) => {
      queryClient.setQueryData<EpisodeReviewPages>(reviewsKeys.episode(episodeId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p, i) => ({
                ...p,
                data: i === 0 ? [review, ...p.data] : p.data,
                total: p.total + 1,
              })),
            }
          : old,
      );
    },
  });
}

export function useLikeEpisodeReview(episodeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      like
        ? api.post<LikeResult>(`/episode-reviews/${id}/like`)
        : api.delete<LikeResult>(`/episode-reviews/${id}/like`),
    onSuccess: (result, { id }) => {
      queryClient.setQueryData<EpisodeReviewPages>(reviewsKeys.episode(episodeId), (old) =>
        mapPagedItems(old, likedAs(id, result)),
      );
    },
  });
}

// --- search ---

export function searchReviews(q: string, signal?: AbortSignal) {
  return api.get<Page<ReviewSearchResult>>('/reviews/search', {
    params: { q, limit: 50 },
    signal,
  });
}

export function useUpdateEpisodeReview(episodeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: number;
      change: Partial<Pick<EpisodeReview, 'rating' | 'content' | 'isSpoiler'>>;
    }) => api.put<EpisodeReview>(`/episode-reviews/${id}`, change),
    onSuccess: (review) => {
      queryClient.setQueryData<EpisodeReviewPages>(reviewsKeys.episode(episodeId), (old) =>
        mapPagedItems(old, (r) => (r.id === review.id ? review : r)),
      );
    },
  });
}

export function useDeleteEpisodeReview(episodeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/episode-reviews/${id}`),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.episode(episodeId) }),
  });
}
