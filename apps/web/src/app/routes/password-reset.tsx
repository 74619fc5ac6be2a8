import {
  accountMessages,
  forgotPasswordBodySchema,
  resetPasswordFormSchema,
} from '@series-tracker/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert, FormSuccess, RequestAlert } from '@/components/ui/form-alert';
import { BusyLabel, Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { forgotPassword, resetPassword, verifyEmail } from '@/features/account/api/account';
import { NewPasswordFields } from '@/features/account/components/new-password-fields';
import { authKeys } from '@/features/auth/api/auth-keys';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { apiFieldError, zodFieldErrors } from '@/lib/form-errors';
import { AuthPage } from './auth-page';
import { useLinkToken, useSignOutHere } from './link-token';

export const linkClass =
  'rounded font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** /forgot-password: one neutral answer whatever the address. */
export function ForgotPasswordRoute() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: forgotPassword });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.email);
  }

  return (
    <AuthPage
      title={intl.formatMessage({
        id: 'auth.forgotPasswordTitle',
        defaultMessage: 'Forgot your password?',
      })}
      subtitle={intl.formatMessage({
        id: 'auth.forgotPasswordSubtitle',
        defaultMessage:
          'Enter the email address of your account and we will send you a link to choose a new password.',
      })}
    >
      {send.isSuccess ? (
        <div className="space-y-5">
          <FormSuccess>{send.data.message}</FormSuccess>
          <p className="text-center text-sm text-slate-400">
            <Link to="/login" className={linkClass}>
              <FormattedMessage id="auth.backToSignInTitle" defaultMessage="Back to Sign In" />
            </Link>
          </p>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-5"
          aria-label={intl.formatMessage({
            id: 'auth.forgotPasswordForm',
            defaultMessage: 'Forgot password',
          })}
        >
          <RequestAlert
            error={send.error}
            fallback={intl.formatMessage({
              id: 'auth.sendEmailFailed',
              defaultMessage: 'Could not send the email. Please try again.',
            })}
          />
          <TextField
            label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={send.isPending || !email.trim()}
          >
            <BusyLabel
              busy={send.isPending}
              busyText={intl.formatMessage({ id: 'auth.sending', defaultMessage: 'Sending...' })}
            >
              <FormattedMessage id="auth.sendResetLink" defaultMessage="Send reset link" />
            </BusyLabel>
          </Button>
          <p className="text-center text-sm text-slate-400">
            <FormattedMessage
              id="auth.rememberedIt"
              defaultMessage="Remembered it? <link>Sign in</link>"
              values={{
                link: (chunks) => (
                  <Link to="/login" className={linkClass}>
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </form>
      )}
    </AuthPage>
  );
}

const tokenCodes = new Set(['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_USED']);

/** /reset-password?token=: a new password with the register form's rules, then sign in. */
export function ResetPasswordRoute() {
  const intl = useIntl();
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signOutHere = useSignOutHere();
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      resetPassword(input.token, input.password),
    // Every session of the account ended, this browser's too if it was signed in.
    onSuccess: signOutHere,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = apiFieldError(error, 'password');
          if (message) setErrors({ password: message });
        },
      },
    );
  }

  const badToken = !token || (isApiError(reset.error) && tokenCodes.has(reset.error.code ?? ''));

  return (
    <AuthPage
      title={intl.formatMessage({
        id: 'auth.resetPasswordTitle',
        defaultMessage: 'Choose a new password',
      })}
      subtitle={intl.formatMessage({
        id: 'auth.resetPasswordSubtitle',
        defaultMessage:
          'Your new password works at once; every session of your account is signed out.',
      })}
    >
      {reset.isSuccess ? (
        <div className="space-y-5">
          <FormSuccess>{reset.data.message}</FormSuccess>
          <Link to="/login" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            <FormattedMessage id="auth.signInButton" defaultMessage="Sign In" />
          </Link>
        </div>
      ) : badToken ? (
        <div className="space-y-5">
          <FormAlert>
            {token ? reset.error?.message : contractText(accountMessages.tokenInvalid)}
          </FormAlert>
          <Link
            to="/forgot-password"
            className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
          >
            <FormattedMessage id="auth.askNewLink" defaultMessage="Ask for a new link" />
          </Link>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-5"
          aria-label={intl.formatMessage({
            id: 'auth.resetPasswordForm',
            defaultMessage: 'Reset password',
          })}
        >
          {reset.isError && !errors.password ? (
            <RequestAlert
              error={reset.error}
              fallback={intl.formatMessage({
                id: 'auth.changePasswordFailed',
                defaultMessage: 'Could not change your password. Please try again.',
              })}
            />
          ) : null}
          <NewPasswordFields
            name="password"
            password={password}
            confirm={confirmPassword}
            errors={errors}
            onPassword={setPassword}
            onConfirm={setConfirmPassword}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={reset.isPending || password === '' || confirmPassword === ''}
          >
            <BusyLabel
              busy={reset.isPending}
              busyText={intl.formatMessage({ id: 'auth.saving', defaultMessage: 'Saving...' })}
            >
              <FormattedMessage id="auth.setNewPassword" defaultMessage="Set new password" />
            </BusyLabel>
          </Button>
        </form>
      )}
    </AuthPage>
  );
}

/** /verify-email?token=: confirms the address as the page opens, then links home. */
export function VerifyEmailRoute() {
  const intl = useIntl();
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
  const started = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    // Once per token: the link is single-use, a second call would say "already used".
    if (!token || started.current === token) return;
    started.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthPage
      title={intl.formatMessage({
        id: 'auth.verifyEmailTitle',
        defaultMessage: 'Confirm your email',
      })}
      subtitle={intl.formatMessage({
        id: 'auth.verifyEmailSubtitle',
        defaultMessage: 'The link from our email confirms your address.',
      })}
    >
      <div className="space-y-5">
        {!token ? (
          <FormAlert>{contractText(accountMessages.tokenInvalid)}</FormAlert>
        ) : verify.isSuccess ? (
          <FormSuccess>{verify.data.message}</FormSuccess>
        ) : verify.isError ? (
          <RequestAlert
            error={verify.error}
            fallback={intl.formatMessage({
              id: 'auth.verifyEmailFailed',
              defaultMessage: 'Could not confirm your address. Please try again.',
            })}
          />
        ) : (
          <p
            role="status"
            className="flex items-center justify-center gap-2 text-sm text-slate-300"
          >
            <Spinner />
            <FormattedMessage
              id="auth.verifyingEmail"
              defaultMessage="Confirming your email address..."
            />
          </p>
        )}
        {(verify.isError || !token) && status === 'authenticated' ? (
          <p className="text-center text-sm text-slate-400">
            <FormattedMessage
              id="auth.sendNewLinkFromSettings"
              defaultMessage="You can send a new link from <link>Settings</link>."
              values={{
                link: (chunks) => (
                  <Link to="/settings" className={linkClass}>
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        ) : null}
        {verify.isSuccess || verify.isError || !token ? (
          <Link to="/" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            <FormattedMessage id="auth.goHome" defaultMessage="Go to the home page" />
          </Link>
        ) : null}
      </div>
    </AuthPage>
  );
}
