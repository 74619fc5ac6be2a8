import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { errorReason, isApiError, isNoAnswer } from '@/lib/api-client';
import { onReconnect } from '@/lib/connection';
import { pendingMarks, removeMark } from './offline-marks';
import { applyEpisodeResult, sendEpisodeMark } from './progress';

let running: Promise<void> | null = null;
/** Asked again while a run was going (the network came back meanwhile): run once more after. */
let again = false;

/** Worth trying again later: no answer, the server is down, or the same key is mid-flight. */
function later(error: unknown): boolean {
  if (isNoAnswer(error)) return true;
  if (!isApiError(error)) return false;
  if (error.status >= 500 || error.status === 429) return true;
  // The same key mid-flight: a 409 with Retry-After (its message is in the interface's
  // language, so the header is what tells it from a real conflict).
  return error.status === 409 && error.retryAfter !== undefined;
}

/**
 * Sends the queued marks in the order they were made, each with its own key (ADR 162), and
 * stops at the first one that gets no answer. A mark the server refuses for good (the
 * episode is gone) is dropped and said so. One run at a time.
 */
export function syncOfflineMarks(queryClient: QueryClient): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    for (const mark of pendingMarks()) {
      try {
        const result = await sendEpisodeMark(mark.episodeId, mark.watched, mark.key, mark.queuedAt);
        removeMark(mark.key);
        applyEpisodeResult(queryClient, mark.showId, result);
      } catch (error) {
        if (later(error)) return;
        removeMark(mark.key);
        // A 401 means the session ended; the auth provider shows the member as signed out.
        if (!(isApiError(error) && error.status === 401)) {
          const values = { code: mark.code, reason: errorReason(error) };
          toast.error(
            mark.watched
              ? intl().formatMessage(
                  {
                    id: 'tracking.syncWatchedFailed',
                    defaultMessage: 'Could not sync {code} as watched: {reason}.',
                  },
                  values,
                )
              : intl().formatMessage(
                  {
                    id: 'tracking.syncUnwatchedFailed',
                    defaultMessage: 'Could not sync {code} as unwatched: {reason}.',
                  },
                  values,
                ),
          );
        }
      }
    }
  })().finally(() => {
    running = null;
    if (again) {
      again = false;
      void syncOfflineMarks(queryClient);
    }
  });
  return running;
}

/**
 * Sends the queue when the browser comes back online, as soon as the server answers again
 * after an outage (`lib/connection.ts` asks it every 2 s while requests go unanswered, ADR
 * 176), at start, and every 30 s while marks wait.
 */
export function startOfflineMarkSync(queryClient: QueryClient): () => void {
  const sync = () => {
    if (navigator.onLine && pendingMarks().length > 0) void syncOfflineMarks(queryClient);
  };
  window.addEventListener('online', sync);
  const stopReconnect = onReconnect(sync);
  const timer = window.setInterval(sync, 30_000);
  sync();
  return () => {
    window.removeEventListener('online', sync);
    stopReconnect();
    window.clearInterval(timer);
  };
}
