import { localeNames, supportedLocales, type Locale } from '@series-tracker/contracts/locales';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useUpdateMe } from '@/features/account/api/account';
import { useLocale } from '@/i18n';
import { cn } from '@/lib/cn';
import { pickWhileSessionLoads } from '../member-locale';

/**
 * The language menu (issue 31), in the footer and in settings. Each language is named in
 * itself. A signed-in member's choice is saved to their account (mails and other devices
 * follow it); a visitor's stays on this device (and its cookie).
 */
export function LanguageSelect({ className }: { className?: string }) {
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { user, status } = useAuth();
  const updateMe = useUpdateMe();
  const choose = (next: Locale) => {
    void setLocale(next);
    // Picked before the session has loaded: saved once it has (a member's choice is not lost).
    if (status === 'loading') pickWhileSessionLoads(next);
    else if (user && user.locale !== next) updateMe.mutate({ locale: next });
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <label htmlFor={id} className="inline-flex items-center gap-1.5 text-sm text-slate-400">
        <Languages aria-hidden="true" className="size-4" />
        <FormattedMessage id="language.label" defaultMessage="Language" />
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => choose(event.target.value as Locale)}
        className="min-h-8 rounded-lg border border-slate-700 bg-slate-900 px-2 py-1 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
      >
        {supportedLocales.map((value) => (
          <option key={value} value={value} lang={value}>
            {localeNames[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
