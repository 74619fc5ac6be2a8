import type { ListItem } from '@series-tracker/contracts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, NotebookPen, Trash2 } from 'lucide-react';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverLink } from '@/components/ui/cover-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { formatDate, itemTitle } from '../lib/list-format';
import { dragAnnouncements } from './drag-announcements';
import { RankText } from './list-badges';
import { AddToWatchlistButton } from './add-to-watchlist-button';

export interface ItemActions {
  /** Owner of a ranked list: drag and up/down. */
  canReorder: boolean;
  /** Owner: notes and removal. */
  canEdit: boolean;
  /** The list's full size: the last item cannot move down. */
  total: number;
  onMove: (item: ListItem, to: number) => void;
  onEditNotes: (item: ListItem) => void;
  onRemove: (item: ListItem) => void;
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg border border-slate-700 bg-slate-900 text-slate-200 transition-colors hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-700';

const Row = memo(function Row({
  item,
  ranked,
  actions,
  handle,
}: {
  item: ListItem;
  ranked: boolean;
  actions: ItemActions;
  handle?: ReactNode;
}) {
  const intl = useIntl();
  const title = itemTitle(item);
  const added = formatDate(item.addedAt);
  const position = item.position;
  const showRank = ranked && position !== null;
  // Leading columns (grip, rank, cover) then the text. Notes and buttons sit under the text
  // from sm up, and span the whole card on phones, where the text column is narrow.
  const lead = (handle ? 1 : 0) + (showRank ? 1 : 0) + 1;
  const wide = '[grid-column:1/-1] sm:[grid-column:-2/-1]';
  return (
    <div
      className="grid items-start gap-x-3 gap-y-2 p-3 sm:gap-x-4 sm:p-4"
      style={{ gridTemplateColumns: `repeat(${lead}, auto) minmax(0, 1fr)` }}
    >
      {handle ? <div className="sm:row-span-3">{handle}</div> : null}
      {showRank ? (
        <span className="w-9 pt-1 text-end text-lg font-extrabold text-amber-200 tabular-nums sm:row-span-3 sm:w-12 sm:text-2xl">
          <RankText rank={position} />
        </span>
      ) : null}
      <CoverLink
        to={`/show/${item.showId}`}
        src={item.show.coverImageUrl}
        title={title}
        className="aspect-[2/3] w-14 rounded-md sm:w-20"
        linkClassName="sm:row-span-3"
      />
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-white">
          <Link to={`/show/${item.showId}`} className="hover:underline">
            {title}
          </Link>
        </h3>
        {item.show.titleEnglish && item.show.titleEnglish !== item.show.title ? (
          <p className="text-sm break-words text-slate-400">{item.show.titleEnglish}</p>
        ) : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-400">
          {item.show.episodes !== null ? (
            <span>
              <FormattedMessage
                id="lists.episodeCount"
                defaultMessage="{count, plural, one {# episode} other {# episodes}}"
                values={{ count: item.show.episodes }}
              />
            </span>
          ) : null}
          <StatusBadge status={item.show.status} />
          {added ? (
            <span>
              <FormattedMessage
                id="lists.addedOn"
                defaultMessage="Added {date}"
                values={{ date: added }}
              />
            </span>
          ) : null}
        </div>
      </div>
      {item.notes ? (
        <p
          className={cn(
            wide,
            'rounded-lg border-s-2 border-violet-500/60 bg-slate-800/40 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-300',
          )}
        >
          {item.notes}
        </p>
      ) : null}
      <div className={cn(wide, 'flex flex-wrap items-center gap-2')}>
        <AddToWatchlistButton showId={item.showId} title={title} />
        {actions.canEdit ? (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={intl.formatMessage(
                { id: 'lists.editNotesOn', defaultMessage: 'Edit notes on {title}' },
                { title },
              )}
              title={intl.formatMessage({ id: 'lists.editNotes', defaultMessage: 'Edit notes' })}
              onClick={() => actions.onEditNotes(item)}
            >
              <NotebookPen aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              className={cn(iconButton, 'hover:border-rose-500/60 hover:text-rose-200')}
              aria-label={intl.formatMessage(
                { id: 'lists.removeFromThisList', defaultMessage: 'Remove {title} from this list' },
                { title },
              )}
              title={intl.formatMessage({
                id: 'lists.removeFromList',
                defaultMessage: 'Remove from list',
              })}
              onClick={() => actions.onRemove(item)}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </>
        ) : null}
        {actions.canReorder && position !== null ? (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={intl.formatMessage(
                { id: 'lists.moveUpNamed', defaultMessage: 'Move {title} up' },
                { title },
              )}
              title={intl.formatMessage({ id: 'lists.moveUp', defaultMessage: 'Move up' })}
              disabled={position <= 1}
              onClick={() => actions.onMove(item, position - 1)}
            >
              <ArrowUp aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={intl.formatMessage(
                { id: 'lists.moveDownNamed', defaultMessage: 'Move {title} down' },
                { title },
              )}
              title={intl.formatMessage({ id: 'lists.moveDown', defaultMessage: 'Move down' })}
              disabled={position >= actions.total}
              onClick={() => actions.onMove(item, position + 1)}
            >
              <ArrowDown aria-hidden className="size-4" />
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
});

function SortableRow({ item, actions }: { item: ListItem; actions: ItemActions }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const intl = useIntl();
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="list-item"
      className={cn(
        'relative rounded-xl border border-slate-800 bg-slate-900/60',
        isDragging && 'z-10 border-violet-500/60 shadow-2xl shadow-black/60',
      )}
    >
      <Row
        item={item}
        ranked
        actions={actions}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={intl.formatMessage(
              { id: 'lists.dragToReorder', defaultMessage: 'Drag to reorder {title}' },
              { title: itemTitle(item) },
            )}
            className="-ms-1 flex h-9 w-6 shrink-0 cursor-grab touch-none items-start justify-center pt-1.5 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="size-5" />
          </button>
        }
      />
    </li>
  );
}

/**
 * The items of a list, in rank order (ranked) or newest first. The owner of a ranked list
 * drags rows (pointer, touch or keyboard via the handle) or uses the up/down buttons; each
 * move is one request. Rows off screen skip layout and paint (content-visibility), so a
 * 2,000-item list stays smooth; they arrive 100 at a time.
 */
export function ListItems({
  items,
  ranked,
  actions,
}: {
  items: ListItem[];
  ranked: boolean;
  actions: ItemActions;
}) {
  const intl = useIntl();
  const rankings = intl.formatMessage({ id: 'lists.rankings', defaultMessage: 'Rankings' });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (!actions.canReorder) {
    return (
      <ol
        className="space-y-3"
        aria-label={
          ranked ? rankings : intl.formatMessage({ id: 'lists.items', defaultMessage: 'Items' })
        }
      >
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="list-item"
            className="rounded-xl border border-slate-800 bg-slate-900/60 [contain-intrinsic-size:auto_160px] [content-visibility:auto]"
          >
            <Row item={item} ranked={ranked} actions={actions} />
          </li>
        ))}
      </ol>
    );
  }

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const item = items.find((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (item && to >= 0) actions.onMove(item, to + 1);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={dragAnnouncements(intl, items)}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-3" aria-label={rankings}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} actions={actions} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
