import { authMessages } from '@series-tracker/contracts/constants';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MutationAlert } from '@/components/forms/mutation-error';
import { PasswordField } from '@/components/forms/password-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { SecondFactorRequired } from '@series-tracker/contracts';
import { contractText } from '@/i18n/contract-text';
import { useLogin } from '../hooks/use-session-actions';
import { PasskeySignIn, SecondFactorStep } from './second-factor-step';

export interface LoginFormProps {
  /** Called once the session is stored. */
  onSuccess?: () => void;
  /** Where "Sign up" points (keeps a `?next=` target across the switch). */
  registerHref?: string;
  /** Told when the second step of a two-factor sign-in shows (the page hides other ways in). */
  onSecondStep?: (shown: boolean) => void;
}

const linkClass =
  'rounded font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

export function LoginForm({ onSuccess, registerHref = '/register', onSecondStep }: LoginFormProps) {
  const intl = useIntl();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();
  // Two-factor sign-in on (ADR 173): the password was right, the second step follows.
  const [challenge, setChallenge] = useState<SecondFactorRequired['secondFactor'] | null>(null);

  const isSending = loginMutation.isPending;
  const canSubmit = identifier.trim() !== '' && password !== '' && !isSending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    // A new mutate() clears the previous error (spec §4: cleared on each new submit).
    loginMutation.mutate(
      { identifier: identifier.trim(), password },
      {
        onSuccess: (response) => {
          if ('secondFactor' in response) {
            setChallenge(response.secondFactor);
            onSecondStep?.(true);
          } else onSuccess?.();
        },
      },
    );
  }

  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSuccess={onSuccess}
        onBack={() => {
          loginMutation.reset();
          setPassword('');
          setChallenge(null);
          onSecondStep?.(false);
        }}
      />
    );

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="space-y-5"
      aria-label={intl.formatMessage({ id: 'auth.signInForm', defaultMessage: 'Sign in' })}
    >
      <MutationAlert mutation={loginMutation} fallback={contractText(authMessages.loginFailed)} />

      <TextField
        label={intl.formatMessage({
          id: 'auth.usernameOrEmail',
          defaultMessage: 'Username or Email',
        })}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />

      <PasswordField
        label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
        name="password"
        value={password}
        onValue={setPassword}
        labelAside={
          <Link to="/forgot-password" className={`${linkClass} text-xs`}>
            <FormattedMessage id="auth.forgotPasswordLink" defaultMessage="Forgot your password?" />
          </Link>
        }
      />

      <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
        {isSending ? (
          <>
            <Spinner />
            <FormattedMessage id="auth.signingIn" defaultMessage="Signing In..." />
          </>
        ) : (
          <FormattedMessage id="auth.signInButton" defaultMessage="Sign In" />
        )}
      </Button>

      <PasskeySignIn onSuccess={onSuccess} />

      <p className="text-center text-sm text-slate-400">
        <FormattedMessage
          id="auth.noAccount"
          defaultMessage="Don't have an account? <link>Sign up</link>"
          values={{
            link: (chunks) => (
              <Link to={registerHref} className={linkClass}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </form>
  );
}
