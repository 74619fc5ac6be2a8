import type { RecommendationPage } from '@series-tracker/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { api, errorReason } from '@/lib/api-client';

/** Query keys of "Recommendations for you" (ADR 183); sign-out drops them with the rest. */
export const recommendationsKeys = {
  all: ['recommendations'] as const,
  page: (limit: number) => ['recommendations', { limit }] as const,
};

/** The member's stored picks, best first (the job computes them; tracking refreshes them). */
export function useRecommendations(limit: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: recommendationsKeys.page(limit),
    queryFn: ({ signal }) =>
      api.get<RecommendationPage>('/users/me/recommendations', { params: { limit }, signal }),
    enabled,
  });
}

/**
 * "Not interested": the pick leaves every loaded list at once and is stored for good; a failure
 * puts it back and says so.
 */
export function useDismissRecommendation() {
  const queryClient = useQueryClient();
  const key = recommendationsKeys.all;
  return useMutation({
    mutationFn: ({ showId }: { showId: number; title: string }) =>
      api.post<void>('/users/me/recommendations/dismissals', { showId }),
    onMutate: async ({ showId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<RecommendationPage>({ queryKey: key });
      queryClient.setQueriesData<RecommendationPage>({ queryKey: key }, (page) =>
        page
          ? {
              ...page,
              data: page.data.filter((p) => p.show.id !== showId),
              total: Math.max(0, page.total - 1),
            }
          : page,
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      for (const [k, data] of context?.previous ?? []) queryClient.setQueryData(k, data);
      toast.error(
        intl().formatMessage(
          {
            id: 'recommendations.hideFailed',
            defaultMessage: 'Could not hide this pick: {reason}.',
          },
          { reason: errorReason(error) },
        ),
      );
    },
    // The contracts' `recommendationMessages.dismissed(title)`, as a message of our own.
    onSuccess: (_data, { title }) =>
      toast.info(
        intl().formatMessage(
          {
            id: 'recommendations.dismissed',
            defaultMessage: '{title} will not be suggested again',
          },
          { title },
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
