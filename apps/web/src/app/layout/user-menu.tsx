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
} from 'lucide-react';
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
              <p className="truncate text-xs text-slate-400">@{user.username}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={`/profile/${encodeURIComponent(user.username)}`}>
              <UserRound aria-hidden className="size-4 text-slate-400" />
              Your Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/calendar">
              <CalendarDays aria-hidden className="size-4 text-slate-400" />
              Calendar
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/recommendations">
              <Sparkles aria-hidden className="size-4 text-slate-400" />
              Recommendations
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/history">
              <History aria-hidden className="size-4 text-slate-400" />
              History
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden className="size-4 text-slate-400" />
              Settings
            </Link>
          </DropdownMenu.Item>
          {user.role === 'moderator' || user.role === 'admin' ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/moderation">
                <ShieldCheck aria-hidden className="size-4 text-slate-400" />
                Moderation
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {/* imports */}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings/import">
              <ArrowDownUp aria-hidden className="size-4 text-slate-400" />
              Import & export
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <LogOut aria-hidden className="size-4 text-slate-400" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
