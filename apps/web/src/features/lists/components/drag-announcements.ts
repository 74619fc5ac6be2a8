import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { ListItem } from '@series-tracker/contracts';
import type { IntlShape } from 'react-intl';
import { itemTitle } from '../lib/list-format';

/**
 * What a screen reader hears while a ranked list is reordered by keyboard (dnd-kit's own words
 * are English and name items by id): the show's title and its place, in the interface's
 * language (issue 31).
 */
export function dragAnnouncements(
  intl: IntlShape,
  items: ListItem[],
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const total = items.length;
  const title = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? itemTitle(item) : String(id);
  };
  const place = (id: UniqueIdentifier) => items.findIndex((i) => i.id === id) + 1;
  return {
    screenReaderInstructions: {
      draggable: intl.formatMessage({
        id: 'lists.dragInstructions',
        defaultMessage:
          'To move a show, press the space bar. Then use the up and down arrow keys to choose its new place, and press space again to drop it there, or escape to cancel.',
      }),
    },
    announcements: {
      onDragStart: ({ active }) =>
        intl.formatMessage(
          {
            id: 'lists.dragStart',
            defaultMessage: 'Picked up {title}, at place {place} of {total}.',
          },
          { title: title(active.id), place: place(active.id), total },
        ),
      onDragOver: ({ active, over }) =>
        over
          ? intl.formatMessage(
              { id: 'lists.dragOver', defaultMessage: '{title} is over place {place} of {total}.' },
              { title: title(active.id), place: place(over.id), total },
            )
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? intl.formatMessage(
              {
                id: 'lists.dragEnd',
                defaultMessage: '{title} was dropped at place {place} of {total}.',
              },
              { title: title(active.id), place: place(over.id), total },
            )
          : intl.formatMessage(
              { id: 'lists.dragDropped', defaultMessage: '{title} was dropped where it was.' },
              { title: title(active.id) },
            ),
      onDragCancel: ({ active }) =>
        intl.formatMessage(
          { id: 'lists.dragCancel', defaultMessage: 'Moving {title} was cancelled.' },
          { title: title(active.id) },
        ),
    },
  };
}
