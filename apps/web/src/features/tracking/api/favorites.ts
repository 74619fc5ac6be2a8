import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { api, isApiError, errorReason } from '@/lib/api-client';
import { trackingKeys } from './tracking-keys';

/** Is the show a favourite? A 404 means no (spec §8). */
export async function getIsFavorite(showId: number, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get(`/favorites/${showId}`, { signal });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

export function useIsFavorite(showId: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: trackingKeys.favorite(showId),
    queryFn: ({ signal }) => getIsFavorite(showId, signal),
    enabled,
  });
}

/** The heart flips at once; a failure flips it back and says so. */
export function useToggleFavorite(showId: number) {
  const queryClient = useQueryClient();
  const key = trackingKeys.favorite(showId);
  return useMutation({
    mutationFn: async (favorite: boolean) => {
      try {
        if (favorite) await api.post(`/favorites`, { showId });
        else await api.delete(`/favorites/${showId}`);
      } catch (error) {
        // Already so (another tab, a double click): the goal is reached.
        if (isApiError(error) && error.status === (favorite ? 409 : 404)) return;
        throw error;
      }
    },
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<boolean>(key);
      queryClient.setQueryData(key, favorite);
      return { previous };
    },
    onError: (error, favorite, context) => {
      queryClient.setQueryData(key, context?.previous);
      const values = { reason: errorReason(error) };
      toast.error(
        favorite
          ? intl().formatMessage(
              {
                id: 'tracking.addFavoriteFailed',
                defaultMessage: 'Could not add this show to your favorites: {reason}.',
              },
              values,
            )
          : intl().formatMessage(
              {
                id: 'tracking.removeFavoriteFailed',
                defaultMessage: 'Could not remove this show from your favorites: {reason}.',
              },
              values,
            ),
      );
    },
  });
}
