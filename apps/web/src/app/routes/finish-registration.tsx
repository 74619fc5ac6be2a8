import { authMessages } from '@series-tracker/contracts';
import { useEffect, useRef } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useFinishRegistration } from '@/features/auth/hooks/use-session-actions';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { AuthPage } from './auth-page';

const messages = defineMessages({
  /** A link whose token was cut off (a mail program wrapping the line, a partial copy). */
  incompleteLink: {
    id: 'auth.incompleteLink',
    defaultMessage:
      'This link is incomplete. Open the whole link from the e-mail, or register again.',
  },
});

const registerAgainClass = buttonStyles({ size: 'lg', className: 'w-full' });
const signInClass = buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' });

/** Why the link cannot be used, or null when trying again may work (network, 5xx). */
function refusal(error: unknown): { message: string; offerSignIn: boolean } | null {
  if (!isApiError(error)) return null;
  if (error.status === 400) {
    return {
      message:
        error.code === 'TOKEN_INVALID'
          ? error.message
          : contractText(authMessages.registrationLinkInvalid),
      offerSignIn: true,
    };
  }
  if (error.status === 409) return { message: error.message, offerSignIn: false };
  return null;
}

/**
 * /finish-registration?token=: the link mailed on registering (ADR 152). It waits for a
 * click (a mail scanner opening the link must not create the account); success signs the new
 * account in on this device, switching from anyone signed in here, and goes home.
 */
export function FinishRegistrationRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const finish = useFinishRegistration();
  const refused = refusal(finish.error);
  const registerAgainRef = useRef<HTMLAnchorElement>(null);

  // The button the keyboard was on is gone with a refusal: the way on takes its place.
  const isRefused = refused !== null;
  useEffect(() => {
    if (isRefused) registerAgainRef.current?.focus();
  }, [isRefused]);

  function onFinish() {
    finish.mutate(token, { onSuccess: () => void navigate('/', { replace: true }) });
  }

  return (
    <AuthPage
      title={intl.formatMessage({
        id: 'auth.finishRegistrationTitle',
        defaultMessage: 'Finish creating your account',
      })}
      subtitle={intl.formatMessage({
        id: 'auth.finishRegistrationSubtitle',
        defaultMessage: 'One click and you are signed in.',
      })}
    >
      <div className="space-y-5">
        {!token ? (
          <>
            <FormAlert>{intl.formatMessage(messages.incompleteLink)}</FormAlert>
            <Link to="/register" className={registerAgainClass}>
              <FormattedMessage id="auth.registerAgain" defaultMessage="Register again" />
            </Link>
          </>
        ) : refused ? (
          <>
            <FormAlert>{refused.message}</FormAlert>
            <Link ref={registerAgainRef} to="/register" className={registerAgainClass}>
              <FormattedMessage id="auth.registerAgain" defaultMessage="Register again" />
            </Link>
            {refused.offerSignIn ? (
              <Link to="/login" className={signInClass}>
                <FormattedMessage id="auth.signInButton" defaultMessage="Sign In" />
              </Link>
            ) : null}
          </>
        ) : (
          <>
            {/* Never wiped: a failure that is not the link keeps the button to try again. */}
            <RequestAlert
              error={finish.error}
              fallback={intl.formatMessage({
                id: 'auth.finishRegistrationFailed',
                defaultMessage: 'Could not finish creating your account. Please try again.',
              })}
            />
            <Button
              size="lg"
              className="w-full"
              disabled={finish.isPending || finish.isSuccess}
              onClick={onFinish}
            >
              {finish.isPending || finish.isSuccess ? (
                <>
                  <Spinner />
                  <FormattedMessage id="auth.finishing" defaultMessage="Finishing..." />
                </>
              ) : (
                <FormattedMessage id="auth.finishAndSignIn" defaultMessage="Finish and sign in" />
              )}
            </Button>
          </>
        )}
      </div>
    </AuthPage>
  );
}
