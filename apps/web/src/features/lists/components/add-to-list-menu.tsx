import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ListPlus, Lock, Plus } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MenuPanel } from '@/components/media/menu-panel';
import { Spinner } from '@/components/ui/spinner';
import { buttonStyles } from '@/components/ui/button';
import { useMyLists, useToggleShowOnList } from '../api/lists';

const item =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-100 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-violet-600/30';

export function AddToListMenu({
  showId,
  title,
  defaultOpen = false,
}: {
  showId: number;
  title: string;
  /** Mounted by its stand-in's first press (add-to-list-control.tsx): opens at once. */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const lists = useMyLists(showId, { enabled: open });
  const toggle = useToggleShowOnList(showId);
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links and
    // buttons stay focusable (axe aria-hidden-focus), as the user menu does.
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        // Starts with the visible words, so 'click Add to list' works by voice (WCAG 2.5.3).
        aria-label={intl.formatMessage(
          { id: 'lists.addToListNamed', defaultMessage: 'Add to list: {title}' },
          { title },
        )}
        className={buttonStyles({ variant: 'secondary' })}
      >
        <ListPlus aria-hidden className="size-4" />
        <FormattedMessage id="lists.addToList" defaultMessage="Add to list" />
      </DropdownMenu.Trigger>
      <MenuPanel
        label={intl.formatMessage({ id: 'lists.yourLists', defaultMessage: 'Your lists' })}
        align="start"
        className="max-h-80 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto"
      >
        {lists.isPending ? (
          <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-400">
            <Spinner /> <FormattedMessage id="lists.loading" defaultMessage="Loading..." />
          </p>
        ) : lists.isError ? (
          <DropdownMenu.Item
            className={item}
            onSelect={(event) => {
              event.preventDefault();
              void lists.refetch();
            }}
          >
            <FormattedMessage
              id="lists.myListsFailed"
              defaultMessage="Could not load your lists. Try Again"
            />
          </DropdownMenu.Item>
        ) : lists.data.data.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-400">
            <FormattedMessage id="lists.noListsYet" defaultMessage="You have no lists yet." />
          </p>
        ) : (
          lists.data.data.map((list) => (
            <DropdownMenu.CheckboxItem
              key={list.id}
              checked={Boolean(list.hasShow)}
              disabled={toggle.isPending}
              onSelect={(event) => {
                // Stay open: several lists can be ticked in a row.
                event.preventDefault();
                toggle.mutate({ list, add: !list.hasShow });
              }}
              className={item}
            >
              <span className="flex size-4 shrink-0 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="size-4 text-emerald-300" />
                </DropdownMenu.ItemIndicator>
              </span>
              <span className="min-w-0 flex-1 truncate">{list.name}</span>
              {!list.isPublic ? (
                <Lock
                  aria-label={intl.formatMessage({
                    id: 'lists.private',
                    defaultMessage: 'Private',
                  })}
                  className="size-3.5 shrink-0 text-slate-400"
                />
              ) : null}
            </DropdownMenu.CheckboxItem>
          ))
        )}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />
        <DropdownMenu.Item
          className={item}
          onSelect={() => void navigate(`/lists/create?showId=${showId}`)}
        >
          <Plus aria-hidden className="size-4" />
          <FormattedMessage id="lists.newList" defaultMessage="New list" />
        </DropdownMenu.Item>
      </MenuPanel>
    </DropdownMenu.Root>
  );
}
