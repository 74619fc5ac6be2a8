import { KeyRound } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '@/components/ui/button';
import type { AuthProviders } from '@series-tracker/contracts';
import { rememberSsoNext } from '../api/sso';

/**
 * "Sign in with <provider>" (ADR 174): a plain link to the API's start, which redirects to the
 * provider; where to come back to is kept for this tab meanwhile. `divider` adds the "or" line
 * that separates it from the password form below.
 */
export function SsoSignIn({
  provider,
  next,
  divider,
}: {
  provider: NonNullable<AuthProviders['oidc']>;
  next: string;
  divider: boolean;
}) {
  return (
    <div className="space-y-5">
      <a
        href={provider.startUrl}
        onClick={() => rememberSsoNext(next)}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        <KeyRound aria-hidden className="size-4" />
        <span>
          <FormattedMessage
            id="auth.signInWith"
            defaultMessage="Sign in with {provider}"
            values={{ provider: <bdi>{provider.name}</bdi> }}
          />
        </span>
      </a>
      {divider ? (
        <div className="flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase">
          <span aria-hidden className="h-px flex-1 bg-slate-800" />
          <FormattedMessage id="auth.or" defaultMessage="or" />
          <span aria-hidden className="h-px flex-1 bg-slate-800" />
        </div>
      ) : null}
    </div>
  );
}
