import { useEffect } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLocale } from '@/i18n';

/**
 * A member's own language setting overrides the browser's and this device's (issue 31): when
 * the session arrives with one, or it changes on another device, the interface follows it.
 */
export function MemberLocale() {
  const { user } = useAuth();
  const { locale, setLocale } = useLocale();
  const memberLocale = user?.locale ?? null;
  useEffect(() => {
    if (memberLocale && memberLocale !== locale) void setLocale(memberLocale);
    // Only a change of the member's setting moves the interface, not every switch here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberLocale]);
  return null;
}
