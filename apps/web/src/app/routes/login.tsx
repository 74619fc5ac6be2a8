import { ssoMessages } from '@series-tracker/contracts/constants';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { SsoSignIn } from '@/features/auth/components/sso-sign-in';
import { useAuthProviders } from '@/features/auth/api/sso';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRedirectTarget } from '@/features/auth/hooks/use-redirect-target';
import { withNext } from '@/features/auth/lib/safe-redirect';
import { contractText } from '@/i18n/contract-text';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  const intl = useIntl();
  const { status } = useAuth();
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  // Single sign-on (ADR 174): its button when configured; no password form when turned off.
  const providers = useAuthProviders().data;
  const passwords = providers?.passwordSignIn ?? true;
  // The second step of a two-factor sign-in stands alone: no other way in above it.
  const [secondStep, setSecondStep] = useState(false);

  // Signed-in visitors have nothing to do here (spec §6).
  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;

  return (
    <AuthPage
      title={intl.formatMessage({ id: 'auth.loginTitle', defaultMessage: 'Welcome Back' })}
      subtitle={intl.formatMessage({
        id: 'auth.loginSubtitle',
        defaultMessage: 'Sign in to pick up where you left off.',
      })}
    >
      <div className="space-y-5">
        {providers?.oidc && !secondStep ? (
          <SsoSignIn provider={providers.oidc} next={redirectTo} divider={passwords} />
        ) : null}
        {passwords ? (
          <LoginForm
            onSuccess={() => void navigate(redirectTo, { replace: true })}
            registerHref={withNext('/register', redirectTo)}
            onSecondStep={setSecondStep}
          />
        ) : (
          <p className="text-center text-sm text-slate-400">
            {contractText(ssoMessages.passwordSignInOff)}
          </p>
        )}
      </div>
    </AuthPage>
  );
}
