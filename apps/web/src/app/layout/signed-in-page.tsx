import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '@/components/ui/spinner';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { cn } from '@/lib/cn';
import { pageTitle } from '@/lib/site';

/**
 * The frame of a signed-in-only settings page: the tab title and heading (an optional line
 * under it, a back link above it); visitors go to sign in (`useSignedInPage`); while the
 * session is checked a loading line, when the check fails the retry, then the page itself.
 */
export function SignedInPage({
  title,
  width,
  intro,
  above,
  homeAfterSignOut,
  children,
}: {
  title: string;
  width: 'max-w-2xl' | 'max-w-3xl' | 'max-w-4xl';
  intro?: string;
  above?: ReactNode;
  /** See `useSignedInPage`: false when the page should ask to sign in again after signing out. */
  homeAfterSignOut?: boolean;
  children: ReactNode;
}) {
  const { status, redirect } = useSignedInPage({ homeAfterSignOut });
  if (redirect) return redirect;
  return (
    <div className={cn('mx-auto w-full flex-1 px-4 py-8 sm:px-6 sm:py-10', width)}>
      <title>{pageTitle(title)}</title>
      {above}
      <h1
        className={cn(
          'text-3xl font-extrabold tracking-tight text-white sm:text-4xl',
          intro ? 'mb-2' : 'mb-6',
        )}
      >
        {title}
      </h1>
      {intro ? <p className="mb-6 text-sm text-slate-300">{intro}</p> : null}
      {status === 'unavailable' ? (
        <SignInCheckFailed />
      ) : status === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner className="size-4" />
          <FormattedMessage id="app.loading" defaultMessage="Loading…" />
        </p>
      ) : (
        children
      )}
    </div>
  );
}
