import type { ModerationState } from '@series-tracker/contracts';
import { EyeOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';

/** What the author of a hidden (or removed) thing sees on it; nobody else gets such a thing. */
export function ModerationNotice({
  moderation,
}: {
  moderation: ModerationState | null | undefined;
}) {
  if (!moderation) return null;
  return (
    <div
      role="note"
      className="mt-2 flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
    >
      <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <FormattedMessage
          id="moderation.notice"
          defaultMessage="{state, select, hidden {<b>Hidden by a moderator</b>} other {<b>Removed by a moderator</b>}} — only you can see this.{hasReason, select, yes { Reason: <given>{reason}</given>} other {}}"
          values={{
            state: moderation.state,
            hasReason: moderation.reason ? 'yes' : 'no',
            reason: moderation.reason,
            b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
            given: (chunks) => <span dir="auto">{chunks}</span>,
          }}
        />
      </p>
    </div>
  );
}
