import type { ListItem } from '@series-tracker/contracts';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { errorReason } from '@/lib/api-client';

/**
 * What the lists' mutations say when they finish or fail, in the interface's language at the
 * moment they say it (issue 31).
 */
export const listToasts = {
  followFailed(follow: boolean, error: unknown) {
    const reason = errorReason(error);
    toast.error(
      follow
        ? intl().formatMessage(
            {
              id: 'lists.followFailed',
              defaultMessage: 'Could not follow this list: {reason}. Nothing was changed.',
            },
            { reason },
          )
        : intl().formatMessage(
            {
              id: 'lists.unfollowFailed',
              defaultMessage: 'Could not unfollow this list: {reason}. Nothing was changed.',
            },
            { reason },
          ),
    );
  },

  moveFailed(item: ListItem, error: unknown) {
    const reason = errorReason(error);
    toast.error(
      item.show.title
        ? intl().formatMessage(
            {
              id: 'lists.moveFailed',
              defaultMessage: 'Could not move {title}: {reason}. The order was not changed.',
            },
            { title: item.show.title, reason },
          )
        : intl().formatMessage(
            {
              id: 'lists.moveUntitledFailed',
              defaultMessage: 'Could not move this show: {reason}. The order was not changed.',
            },
            { reason },
          ),
    );
  },

  removeFailed(item: ListItem, error: unknown) {
    const reason = errorReason(error);
    toast.error(
      item.show.title
        ? intl().formatMessage(
            {
              id: 'lists.removeFailed',
              defaultMessage: 'Could not remove {title}: {reason}. Nothing was changed.',
            },
            { title: item.show.title, reason },
          )
        : intl().formatMessage(
            {
              id: 'lists.removeUntitledFailed',
              defaultMessage: 'Could not remove this show: {reason}. Nothing was changed.',
            },
            { reason },
          ),
    );
  },

  toggled(add: boolean, list: string) {
    toast.info(
      add
        ? intl().formatMessage(
            { id: 'lists.addedToList', defaultMessage: 'Added to {list}' },
            { list },
          )
        : intl().formatMessage(
            { id: 'lists.removedFromList', defaultMessage: 'Removed from {list}' },
            { list },
          ),
    );
  },

  toggleFailed(add: boolean, list: string, error: unknown) {
    const reason = errorReason(error);
    toast.error(
      add
        ? intl().formatMessage(
            {
              id: 'lists.addToListFailed',
              defaultMessage: 'Could not add this show to {list}: {reason}.',
            },
            { list, reason },
          )
        : intl().formatMessage(
            {
              id: 'lists.removeFromListFailed',
              defaultMessage: 'Could not remove this show from {list}: {reason}.',
            },
            { list, reason },
          ),
    );
  },
};
