import type {
  Page,
  ProfileSeasonRating,
  SeasonRatingSummary,
  ShowSeasonRatings,
} from '@series-tracker/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under 'reviews', so signing in or out refetches the viewer's own ratings. */
export const seasonRatingsKeys = {
  show: (showId: number) => ['reviews', 'season-ratings', 'show', showId] as const,
  member: (userId: number) => ['reviews', 'season-ratings', 'member', userId] as const,
};

/** Per rated season of a show: the community's average and count, and the viewer's own. */
export function useShowSeasonRatings(showId: number) {
  return useQuery({
    queryKey: seasonRatingsKeys.show(showId),
    queryFn: ({ signal }) =>
      api.get<ShowSeasonRatings>(`/shows/${showId}/season-ratings`, { signal }),
  });
}

/** Rates (a number) or clears (null) a season; the answer's figures replace the cached ones. */
export function useRateSeason(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ season, rating }: { season: number; rating: number | null }) =>
      rating === null
        ? api.delete<SeasonRatingSummary>(`/shows/${showId}/seasons/${season}/rating`)
        : api.put<SeasonRatingSummary>(`/shows/${showId}/seasons/${season}/rating`, { rating }),
    onSuccess: (summary) => {
      queryClient.setQueryData<ShowSeasonRatings>(seasonRatingsKeys.show(showId), (old) => {
        const seasons = (old?.seasons ?? []).filter((s) => s.seasonNumber !== summary.seasonNumber);
        if (summary.count > 0) seasons.push(summary);
        seasons.sort((a, b) => a.seasonNumber - b.seasonNumber);
        return { showId, seasons };
      });
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'season-ratings', 'member'] });
    },
  });
}

export const SEASON_RATINGS_PAGE_SIZE = 20;

/** A member's season ratings for their profile, newest first. */
export function useMemberSeasonRatings(userId: number, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: seasonRatingsKeys.member(userId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ProfileSeasonRating>>(`/users/${userId}/season-ratings`, {
        params: { limit: SEASON_RATINGS_PAGE_SIZE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
    enabled,
  });
}
