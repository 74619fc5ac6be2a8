import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { forgetMarks, pendingMarks } from '@/features/tracking/api/offline-marks';
import { clearOfflineData } from '@/lib/offline-store';
import { clearStoredToken } from '@/lib/token-storage';
import { authKeys } from './auth-keys';

/** Drops every cached query except the session: they may hold another member's view. */
export function removeUserQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/**
 * This device forgets the signed-in member (ADR 162): the token, the saved copy of their
 * pages and the offline marks not yet sent. Sign-out, deleting the account and a session
 * that ended elsewhere all come here, so the next visitor of the browser finds nothing of
 * them. Returns how many unsent marks went.
 */
export function forgetStoredMember(): number {
  const unsent = pendingMarks().length;
  clearStoredToken();
  clearOfflineData();
  forgetMarks();
  return unsent;
}

/**
 * The server answered 401 to the stored token (revoked or expired elsewhere; review of
 * 2026-11-26): the device forgets the member and every answer it holds for them. Unsent
 * marks cannot be sent without a session, so they go too, and the member is told how many.
 */
export function sessionEnded(queryClient: QueryClient): void {
  const unsent = forgetStoredMember();
  removeUserQueries(queryClient);
  if (unsent > 0)
    toast.error(
      intl().formatMessage(
        {
          id: 'auth.unsentMarksLost',
          defaultMessage:
            'You were signed out, so {count, plural, one {# episode mark} other {# episode marks}} saved offline could not be sent.',
        },
        { count: unsent },
      ),
    );
}
