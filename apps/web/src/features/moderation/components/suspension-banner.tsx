import { Ban } from 'lucide-react';
import { useAuth } from '@/features/auth/hooks/use-auth';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A suspended member is told at the top of every page why and until when, so writes that are
 * refused do not come as a surprise (ADR 151).
 */
export function SuspensionBanner() {
  const { user } = useAuth();
  const suspension = user?.suspension;
  if (!suspension) return null;
  return (
    <div
      role="status"
      className="border-b border-rose-500/40 bg-rose-950/60 px-4 py-3 text-sm text-rose-100"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2">
        <Ban aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong className="font-semibold">Your account is suspended</strong>{' '}
          {suspension.until
            ? `until ${dateFormat.format(new Date(suspension.until))}.`
            : 'with no end date.'}{' '}
          You can read, but not post, like, comment, follow or change anything.
          {suspension.reason ? (
            <>
              {' Reason: '}
              <span dir="auto">{suspension.reason}</span>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
