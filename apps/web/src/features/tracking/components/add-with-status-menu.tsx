import type { WatchStatus } from '@series-tracker/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useIntl } from 'react-intl';
import { contractText } from '@/i18n/contract-text';
import { MenuPanel } from '@/components/media/menu-panel';
import { statusOrder, watchStatusLabels } from '../lib/watch-status';
import { menuTriggerStyle } from './add-with-status-menu-style';

/** The arrow beside 'Add to Watchlist': add the show with another status straight away. */
export function AddWithStatusMenu({
  disabled,
  onPick,
  defaultOpen = false,
}: {
  disabled: boolean;
  onPick: (status: WatchStatus) => void;
  /** Mounted by its stand-in's first press (show-tracking-controls.tsx): opens at once. */
  defaultOpen?: boolean;
}) {
  const { formatMessage } = useIntl();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        disabled={disabled}
        aria-label={formatMessage({
          id: 'tracking.addWithStatus',
          defaultMessage: 'Add with another status',
        })}
        className={menuTriggerStyle}
      >
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <MenuPanel
        label={formatMessage({ id: 'tracking.addAs', defaultMessage: 'Add as' })}
        align="end"
        className="min-w-48"
      >
        {statusOrder.map((status) => (
          <DropdownMenu.Item
            key={status}
            onSelect={() => onPick(status)}
            className="cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-100 outline-none data-[highlighted]:bg-violet-600/30"
          >
            {contractText(watchStatusLabels[status])}
          </DropdownMenu.Item>
        ))}
      </MenuPanel>
    </DropdownMenu.Root>
  );
}
