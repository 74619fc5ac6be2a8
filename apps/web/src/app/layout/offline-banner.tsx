import { CloudOff, RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePendingMarks } from '@/features/tracking/api/offline-marks';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Under the header (ADR 162): offline, what still works; online with marks still queued,
 * that they are on their way. Quiet otherwise.
 */
export function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingMarks().length;
  if (online && pending === 0) return null;
  return (
    // Sticky under the 4rem header (ADR 176): on a phone the member scrolls a long episode
    // list while marks wait, and the strip saying so stays in view (opaque, so the page
    // scrolling under it does not show through).
    <div
      role="status"
      data-testid="offline-banner"
      className="sticky top-16 z-30 border-b border-amber-500/30 bg-slate-950 text-amber-100"
    >
      <div className="bg-amber-500/10">
        <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm sm:px-6">
          {online ? (
            <RefreshCw aria-hidden className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          )}
          <p className="min-w-0">
            {online ? (
              <FormattedMessage
                id="app.offline.sending"
                defaultMessage="Sending {count, plural, one {# episode mark} other {# episode marks}} saved offline…"
                values={{ count: pending }}
              />
            ) : pending > 0 ? (
              <FormattedMessage
                id="app.offline.withPending"
                defaultMessage="You're offline. Pages you've opened stay readable; {count, plural, one {# episode mark} other {# episode marks}} saved offline — will sync when you're back."
                values={{ count: pending }}
              />
            ) : (
              <FormattedMessage
                id="app.offline.idle"
                defaultMessage="You're offline. Pages you've opened stay readable, and episode marks are saved until you are back."
              />
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
