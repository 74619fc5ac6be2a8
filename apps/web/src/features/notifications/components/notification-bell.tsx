import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { intl } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useUnreadCount } from '../api/notifications';

export function bellLabel(unread: number): string {
  return intl().formatMessage(
    {
      id: 'notifications.bellLabel',
      defaultMessage: '{count, plural, =0 {Notifications} other {Notifications, # unread}}',
    },
    { count: unread },
  );
}

/** The header's bell: a link to /notifications with the unread count (40 px target). */
export function NotificationBell() {
  const unread = useUnreadCount(true).data?.unreadCount ?? 0;
  const shown = unread > 99 ? `${formatCount(99)}+` : formatCount(unread);
  return (
    <Link
      to="/notifications"
      aria-label={bellLabel(unread)}
      className={cn(
        'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
      )}
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden
          className="absolute end-0.5 top-1 min-w-[1.1rem] rounded-full bg-rose-600 px-1 text-center text-[11px] leading-[1.1rem] font-bold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
