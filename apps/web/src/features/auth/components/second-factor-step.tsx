import { securityMessages, type SecondFactorRequired } from '@series-tracker/contracts';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { CodeField } from './code-field';
import { contractText } from '@/i18n/contract-text';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { apiFieldError } from '@/lib/form-errors';
import {
  finishWithCode,
  finishWithPasskey,
  passkeySignIn,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
} from '../api/security';
import { useFinishSignIn } from '../hooks/use-session-actions';
import { getPasskeyAssertion, passkeyCancelled, passkeysSupported } from '@/lib/passkey-browser';
import { StepHeading } from './step-heading';

/**
 * The second step of a password sign-in with two-factor sign-in on (ADR 173): a code from the
 * authenticator app or a backup code, or one of the member's passkeys.
 */
export function SecondFactorStep({
  challenge,
  onSuccess,
  onBack,
}: {
  challenge: SecondFactorRequired['secondFactor'];
  onSuccess?: (() => void) | undefined;
  onBack: () => void;
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [cancelled, setCancelled] = useState(false);
  const headingId = useId();
  const finish = useFinishSignIn();
  const canPasskey = challenge.methods.includes('passkey') && passkeysSupported();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || finish.isPending) return;
    setCancelled(false);
    finish.mutate(() => finishWithCode(challenge.challengeToken, code.trim()), {
      onSuccess,
      onError: () => setCode(''),
    });
  }

  function withPasskey() {
    setCancelled(false);
    finish.mutate(
      async () => {
        const { options } = await secondFactorPasskeyOptions(challenge.challengeToken);
        const response = await getPasskeyAssertion(options);
        return finishWithPasskey(challenge.challengeToken, response);
      },
      {
        onSuccess,
        onError: (error) => {
          if (passkeyCancelled(error)) setCancelled(true);
        },
      },
    );
  }

  const error = finish.error;
  const fieldError = apiFieldError(error, 'code') || undefined;
  const alert =
    error && !fieldError && !passkeyCancelled(error)
      ? serverMessageOr(error, contractText(securityMessages.codeInvalid))
      : null;
  const expired = isApiError(error) && error.code === 'CHALLENGE_INVALID';

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <StepHeading
        id={headingId}
        icon={ShieldCheck}
        title={intl.formatMessage({
          id: 'auth.twoFactorTitle',
          defaultMessage: 'Two-factor sign-in',
        })}
      >
        <p className="text-sm text-slate-400">
          <FormattedMessage
            id="auth.twoFactorPrompt"
            defaultMessage="Enter the 6-digit code from your authenticator app, or one of your backup codes."
          />
        </p>
      </StepHeading>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {cancelled ? (
        <p role="status" className="text-sm text-slate-300">
          <FormattedMessage
            id="auth.passkeyClosedTryCode"
            defaultMessage="The passkey prompt was closed. Try again, or enter a code."
          />
        </p>
      ) : null}
      {expired ? (
        <Button variant="secondary" size="lg" className="w-full" onClick={onBack}>
          <FormattedMessage id="auth.signInAgain" defaultMessage="Sign in again" />
        </Button>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="space-y-4"
          aria-label={intl.formatMessage({
            id: 'auth.secondFactor',
            defaultMessage: 'Second factor',
          })}
        >
          <CodeField
            label={intl.formatMessage({ id: 'auth.code', defaultMessage: 'Code' })}
            inputMode="text"
            value={code}
            onValue={setCode}
            error={fieldError}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!code.trim() || finish.isPending}
          >
            {finish.isPending ? (
              <>
                <Spinner />
                <FormattedMessage id="auth.checking" defaultMessage="Checking..." />
              </>
            ) : (
              <FormattedMessage id="auth.verify" defaultMessage="Verify" />
            )}
          </Button>
          {canPasskey ? (
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              disabled={finish.isPending}
              onClick={withPasskey}
            >
              <KeyRound aria-hidden className="size-4" />
              <FormattedMessage
                id="auth.usePasskeyInstead"
                defaultMessage="Use a passkey instead"
              />
            </Button>
          ) : null}
          <p className="text-center text-sm">
            <button
              type="button"
              onClick={onBack}
              className="rounded px-1 py-0.5 font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
            >
              <FormattedMessage id="auth.backToSignIn" defaultMessage="Back to sign in" />
            </button>
          </p>
        </form>
      )}
    </section>
  );
}

/** "Sign in with a passkey" under the password form: no name, no password (ADR 173). */
export function PasskeySignIn({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const [cancelled, setCancelled] = useState(false);
  const finish = useFinishSignIn();
  if (!passkeysSupported()) return null;

  function start() {
    setCancelled(false);
    finish.mutate(
      async () => {
        const { challengeToken, options } = await passkeySignInOptions();
        return passkeySignIn(challengeToken, await getPasskeyAssertion(options));
      },
      {
        onSuccess,
        onError: (error) => {
          if (passkeyCancelled(error)) setCancelled(true);
        },
      },
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-800" />
        <FormattedMessage id="auth.or" defaultMessage="or" />
        <span className="h-px flex-1 bg-slate-800" />
      </div>
      {finish.isError && !passkeyCancelled(finish.error) ? (
        <RequestAlert
          error={finish.error}
          fallback={contractText(securityMessages.passkeyInvalid)}
        />
      ) : null}
      {cancelled ? (
        <p role="status" className="text-sm text-slate-300">
          <FormattedMessage
            id="auth.passkeyClosed"
            defaultMessage="The passkey prompt was closed."
          />
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={finish.isPending}
        onClick={start}
      >
        {finish.isPending ? <Spinner /> : <KeyRound aria-hidden className="size-4" />}
        <FormattedMessage id="auth.signInWithPasskey" defaultMessage="Sign in with a passkey" />
      </Button>
    </div>
  );
}
