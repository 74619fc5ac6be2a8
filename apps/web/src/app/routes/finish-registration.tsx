import { authMessages } from '@series-tracker/contracts';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useFinishRegistration } from '@/features/auth/hooks/use-session-actions';
import { isApiError } from '@/lib/api-client';
import { AuthPage } from './auth-page';

/** A link whose token was cut off (a mail program wrapping the line, a partial copy). */
export const incompleteLinkMessage =
  'This link is incomplete. Open the whole link from the e-mail, or register again.';

const registerAgainClass = buttonStyles({ size: 'lg', className: 'w-full' });
const signInClass = buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' });

/** Why the link cannot be used, or null when trying again may work (network, 5xx). */
function refusal(error: unknown): { message: string; offerSignIn: boolean } | null {
  if (!isApiError(error)) return null;
  if (error.status === 400) {
    return {
      message:
        error.code === 'TOKEN_INVALID' ? error.message : authMessages.registrationLinkInvalid,
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
    <AuthPage title="Finish creating your account" subtitle="One click and you are signed in.">
      <div className="space-y-5">
        {!token ? (
          <>
            <FormAlert>{incompleteLinkMessage}</FormAlert>
            <Link to="/register" className={registerAgainClass}>
              Register again
            </Link>
          </>
        ) : refused ? (
          <>
            <FormAlert>{refused.message}</FormAlert>
            <Link ref={registerAgainRef} to="/register" className={registerAgainClass}>
              Register again
            </Link>
            {refused.offerSignIn ? (
              <Link to="/login" className={signInClass}>
                Sign In
              </Link>
            ) : null}
          </>
        ) : (
          <>
            {/* Never wiped: a failure that is not the link keeps the button to try again. */}
            <RequestAlert
              error={finish.error}
              fallback="Could not finish creating your account. Please try again."
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
                  Finishing...
                </>
              ) : (
                'Finish and sign in'
              )}
            </Button>
          </>
        )}
      </div>
    </AuthPage>
  );
}
