import { useLocation, useSearchParams } from 'react-router';
import { getSafeRedirect } from '../lib/safe-redirect';

/** The same-site path to return to after signing in (`?next=` first, then state `from`). */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const next = searchParams.get('next');
  if (next) return getSafeRedirect(next);
  const state: unknown = location.state;
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return getSafeRedirect(from);
}
