import { ssoMessages } from '@series-tracker/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { takeSsoNext } from '@/features/auth/api/sso';
import { useSsoSignIn } from '@/features/auth/hooks/use-session-actions';
import { getSafeRedirect } from '@/features/auth/lib/safe-redirect';
import { contractText } from '@/i18n/contract-text';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { AuthPage } from './auth-page';

const signInClass = buttonStyles({ size: 'lg', className: 'w-full' });

/** The one-time code from the fragment (never sent to a server, never in a Referer). */
const readCode = () => new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';

/**
 * /auth/sso#code=…: where the API's single sign-on callback sends the browser (ADR 174).
 * The code is exchanged at once (POST, with this browser's cookie) for a session like a
 * password sign-in's; then on to where the member was going. A refused code says why and
 * offers the sign-in page; a failure to reach the server offers to try again.
 */
export function SsoCallbackRoute() {
  const intl = useIntl();
  const [code] = useState(readCode);
  const navigate = useNavigate();
  const exchange = useSsoSignIn();
  const started = useRef(false);

  function run() {
    exchange.mutate(code, {
      onSuccess: () => void navigate(getSafeRedirect(takeSsoNext()), { replace: true }),
    });
  }
  useEffect(() => {
    if (started.current || !code) return;
    started.current = true;
    // Spent once sent: it leaves the address bar and the history entry.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    run();
    // Once per page: the code works once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // 4xx: the code is spent or foreign; trying again cannot help.
  const refused = !code || (isApiError(exchange.error) && exchange.error.status < 500);
  return (
    <AuthPage
      title={intl.formatMessage({ id: 'auth.ssoCallbackTitle', defaultMessage: 'Signing you in' })}
      subtitle={intl.formatMessage({
        id: 'auth.ssoCallbackSubtitle',
        defaultMessage: 'Finishing single sign-on.',
      })}
    >
      <div className="space-y-5">
        {refused ? (
          <>
            <FormAlert>
              {code
                ? serverMessageOr(exchange.error, contractText(ssoMessages.codeInvalid))
                : contractText(ssoMessages.codeInvalid)}
            </FormAlert>
            <Link to="/login" className={signInClass}>
              <FormattedMessage id="auth.backToSignIn" defaultMessage="Back to sign in" />
            </Link>
          </>
        ) : exchange.isError ? (
          <>
            <RequestAlert
              error={exchange.error}
              fallback={intl.formatMessage({
                id: 'auth.ssoFinishFailed',
                defaultMessage: 'Could not finish signing in. Please try again.',
              })}
            />
            <Button size="lg" className="w-full" onClick={run}>
              <FormattedMessage id="auth.tryAgain" defaultMessage="Try again" />
            </Button>
          </>
        ) : (
          <p role="status" className="flex items-center justify-center gap-2 text-slate-300">
            <Spinner />
            <FormattedMessage id="auth.signingYouIn" defaultMessage="Signing you in..." />
          </p>
        )}
      </div>
    </AuthPage>
  );
}
