import { ssoMessages } from '@series-tracker/contracts/constants';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SsoSignIn } from '@/features/auth/components/sso-sign-in';
import { useAuthProviders } from '@/features/auth/api/sso';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRedirectTarget } from '@/features/auth/hooks/use-redirect-target';
import { withNext } from '@/features/auth/lib/safe-redirect';
import { SITE_NAME } from '@/lib/site';
import { contractText } from '@/i18n/contract-text';
import { AuthPage } from './auth-page';

export function RegisterRoute() {
  const intl = useIntl();
  const { status } = useAuth();
  const redirectTo = useRedirectTarget();
  // Single sign-on (ADR 174): a first sign-in with the provider makes the account.
  const providers = useAuthProviders().data;
  const passwords = providers?.passwordSignIn ?? true;

  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;

  return (
    <AuthPage
      title={intl.formatMessage(
        { id: 'auth.registerTitle', defaultMessage: 'Join {siteName}' },
        { siteName: SITE_NAME },
      )}
      subtitle={intl.formatMessage({
        id: 'auth.registerSubtitle',
        defaultMessage: 'Keep a watchlist, mark the episodes you have seen and see what is next.',
      })}
    >
      <div className="space-y-5">
        {providers?.oidc ? (
          <SsoSignIn provider={providers.oidc} next={redirectTo} divider={passwords} />
        ) : null}
        {/* Registering signs nobody in (ADR 152): the form ends on "Check your e-mail". */}
        {passwords ? (
          <RegisterForm loginHref={withNext('/login', redirectTo)} />
        ) : (
          <p className="text-center text-sm text-slate-400">
            {contractText(ssoMessages.passwordSignInOff)}
          </p>
        )}
      </div>
    </AuthPage>
  );
}
