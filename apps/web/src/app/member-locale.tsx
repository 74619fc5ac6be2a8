import type { Locale } from '@series-tracker/contracts/locales';
import { useEffect } from 'react';
import { useUpdateMe } from '@/features/account/api/account';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLocale } from '@/i18n';

/** A language picked while the session was still loading, not yet saved to the account. */
let pickedWhileLoading: Locale | null = null;

/**
 * The language menu's choice when it cannot tell yet whether a member is signed in: MemberLocale
 * saves it to the account once the session arrives, and it wins over the account's old setting.
 */
export function pickWhileSessionLoads(locale: Locale): void {
  pickedWhileLoading = locale;
}

/**
 * A member's own language setting overrides the browser's and this device's (issue 31): when
 * the session arrives with one, or it changes on another device, the interface follows it.
 * A language picked on this device before the session arrived is the member's newer choice.
 */
export function MemberLocale() {
  const { user, status } = useAuth();
  const { locale, setLocale } = useLocale();
  const updateMe = useUpdateMe();
  const memberLocale = user?.locale ?? null;
  const loading = status === 'loading';
  useEffect(() => {
    if (loading) return;
    const picked = pickedWhileLoading;
    pickedWhileLoading = null;
    if (picked) {
      if (user && memberLocale !== picked) updateMe.mutate({ locale: picked });
      return;
    }
    if (memberLocale && memberLocale !== locale) void setLocale(memberLocale);
    // Only a change of the member's setting (or the session's arrival) moves the interface,
    // not every switch here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberLocale, loading]);
  return null;
}
