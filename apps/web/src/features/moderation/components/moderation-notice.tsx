import type { ModerationState } from '@series-tracker/contracts';
import { EyeOff } from 'lucide-react';

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
        <strong className="font-semibold">
          {moderation.state === 'hidden' ? 'Hidden by a moderator' : 'Removed by a moderator'}
        </strong>
        {' — only you can see this.'}
        {moderation.reason ? (
          <>
            {' Reason: '}
            <span dir="auto">{moderation.reason}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
