import type { CurrentUser } from '@series-tracker/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ArrowDownUp,
  CalendarDays,
  History,
  LogOut,
  Settings,
  ShieldCheck,
  Sparkles,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { useLogout } from '@/features/auth/hooks/use-session-actions';
import {
  accountMenuLabel,
  accountName,
  accountTriggerClass,
  AccountTriggerFace,
} from './account-trigger';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-200 outline-none select-none ' +
  'data-[highlighted]:bg-slate-800 data-[highlighted]:text-white';

const labels = defineMessages({
  profile: { id: 'app.menu.profile', defaultMessage: 'Your Profile' },
  calendar: { id: 'app.menu.calendar', defaultMessage: 'Calendar' },
  recommendations: { id: 'app.menu.recommendations', defaultMessage: 'Recommendations' },
  history: { id: 'app.menu.history', defaultMessage: 'History' },
  settings: { id: 'app.menu.settings', defaultMessage: 'Settings' },
  moderation: { id: 'app.menu.moderation', defaultMessage: 'Moderation' },
  importExport: { id: 'app.menu.importExport', defaultMessage: 'Import & export' },
});

/** The menu's links, in order; Moderation only for moderators and administrators. */
function menuLinks(
  user: CurrentUser,
): { to: string; label: MessageDescriptor; Icon: LucideIcon }[] {
  const moderates = user.role === 'moderator' || user.role === 'admin';
  return [
    {
      to: `/profile/${encodeURIComponent(user.username)}`,
      label: labels.profile,
      Icon: UserRound,
    },
    { to: '/calendar', label: labels.calendar, Icon: CalendarDays },
    { to: '/recommendations', label: labels.recommendations, Icon: Sparkles },
    { to: '/history', label: labels.history, Icon: History },
    { to: '/settings', label: labels.settings, Icon: Settings },
    ...(moderates ? [{ to: '/moderation', label: labels.moderation, Icon: ShieldCheck }] : []),
    { to: '/settings/import', label: labels.importExport, Icon: ArrowDownUp },
  ];
}

/**
 * The signed-in user's menu (spec §2): Your Profile, Calendar (ADR 160), History (the diary,
 * ADR 130), Settings,
 * Sign Out (returns to /).
 */
export function UserMenu({
  user,
  defaultOpen = false,
  onOpenChange,
}: {
  user: CurrentUser;
  defaultOpen?: boolean;
  /** The header closes its mobile search row when this menu opens (issue 22). */
  onOpenChange?: (open: boolean) => void;
}) {
  const intl = useIntl();
  const logout = useLogout();
  const navigate = useNavigate();
  const name = accountName(user);

  async function signOut() {
    await logout();
    await navigate('/');
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label={accountMenuLabel(user)} className={accountTriggerClass}>
        <AccountTriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-60 rounded-xl border border-slate-800 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <div className="flex items-center gap-3 px-2.5 py-2">
            <Avatar user={user} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-white">{name}</p>
              {/* Isolated, so the '@' stays before the handle in Arabic. */}
              <p className="truncate text-xs text-slate-400">
                <bdi>
                  <FormattedMessage
                    id="app.menu.handle"
                    defaultMessage="@{username}"
                    values={{ username: user.username }}
                  />
                </bdi>
              </p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />
          {menuLinks(user).map(({ to, label, Icon }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to}>
                <Icon aria-hidden className="size-4 text-slate-400" />
                {intl.formatMessage(label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <LogOut aria-hidden className="size-4 text-slate-400" />
            <FormattedMessage id="app.menu.signOut" defaultMessage="Sign Out" />
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
