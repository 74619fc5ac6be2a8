import type { CurrentUser } from '@series-tracker/contracts';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { intl } from '@/i18n';

/**
 * The account menu button's look and contents, shared by the header's stand-in (before the
 * menu's code has loaded) and the real Radix trigger, so the swap never shows. Kept apart from
 * user-menu.tsx, which pulls in the dropdown runtime. `data-[state=open]` applies to the real
 * trigger only.
 */
export const accountTriggerClass =
  'group flex items-center gap-2 rounded-full p-0.5 text-slate-200 transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 sm:pe-2.5 data-[state=open]:bg-slate-800';

export const accountName = (user: CurrentUser) => user.displayName?.trim() || user.username;

export const accountMenuLabel = (user: CurrentUser) =>
  intl().formatMessage(
    { id: 'app.accountMenuFor', defaultMessage: 'Account menu for {name}' },
    { name: accountName(user) },
  );

export function AccountTriggerFace({ user }: { user: CurrentUser }) {
  return (
    <>
      <Avatar user={user} size="sm" />
      <span className="hidden max-w-36 truncate text-sm font-medium lg:inline">
        {accountName(user)}
      </span>
      <ChevronDown
        aria-hidden
        className="hidden size-4 text-slate-400 transition-transform group-data-[state=open]:rotate-180 sm:block"
      />
    </>
  );
}
