import { Ban } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { perLocale } from '@/i18n';

const dateFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }),
);

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
          <FormattedMessage
            id="moderation.suspendedBanner"
            defaultMessage="{ends, select, never {<b>Your account is suspended</b> with no end date.} other {<b>Your account is suspended</b> until {date}.}} You can read, but not post, like, comment, follow or change anything.{hasReason, select, yes { Reason: <given>{reason}</given>} other {}}"
            values={{
              ends: suspension.until ? 'later' : 'never',
              date: suspension.until ? dateFormat().format(new Date(suspension.until)) : '',
              hasReason: suspension.reason ? 'yes' : 'no',
              reason: suspension.reason,
              b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
              given: (chunks) => <span dir="auto">{chunks}</span>,
            }}
          />
        </p>
      </div>
    </div>
  );
}
