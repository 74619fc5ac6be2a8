import { securityErrorCodes, securityMessages, ssoMessages } from '@series-tracker/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { MutationAlert } from '@/components/forms/mutation-error';
import { PasswordField } from '@/components/forms/password-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { apiFieldError } from '@/lib/form-errors';
import { getSecurity, reauthenticate, securityKeys } from '../api/security';
import { CodeField } from './code-field';
import { useAuthProviders, useIdentityLinks, useReauthenticateWithProvider } from '../api/sso';

/** The server wants a recent sign-in before this action (ADR 173). */
export function needsRecentSignIn(error: unknown): boolean {
  return isApiError(error) && error.code === securityErrorCodes.reauthenticationRequired;
}

/**
 * Actions that need a recent sign-in (turning 2FA off, new backup codes, passkeys, API
 * tokens, deleting an account without a password): `run(action)` sends it; on 403
 * REAUTHENTICATION_REQUIRED it asks "Confirm it's you" (password, an authenticator/backup
 * code, or "Sign in again with <provider>" for a linked identity, which leaves the page and
 * comes back to it recent: ADR 174) and sends it again. Render `dialog`.
 */
export function useRecentSignIn(): {
  run: <T>(action: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsRecentSignIn(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(error) };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = (confirmed: boolean) => {
    const w = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) w?.resolve();
    else w?.reject();
  };

  return {
    run,
    dialog: (
      <ConfirmIdentityDialog
        open={open}
        onConfirmed={() => settle(true)}
        onCancel={() => settle(false)}
      />
    ),
  };
}

function ConfirmIdentityDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  // What this member can confirm with: a password (not after signing up through single
  // sign-on), codes (two-factor on), the provider (an identity linked to the account).
  const status = useQuery({ queryKey: securityKeys.status, queryFn: getSecurity, enabled: open });
  const provider = useAuthProviders().data?.oidc?.name ?? null;
  const links = useIdentityLinks(open && provider !== null);
  const linked = provider !== null && (links.data?.links.length ?? 0) > 0;
  const hasPassword = status.data?.hasPassword ?? true;
  const showForm = hasPassword || withCode;
  const reauth = useReauthenticateWithProvider();
  // The page the member is on: the provider sends them back there.
  const here = useLocation();
  const confirm = useMutation({
    mutationFn: () => reauthenticate(withCode ? { code: value.trim() } : { password: value }),
    onSuccess: () => {
      setValue('');
      onConfirmed();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim() || confirm.isPending) return;
    confirm.mutate();
  }

  function reset() {
    confirm.reset();
    reauth.reset();
    setValue('');
    setWithCode(false);
  }

  const title = intl.formatMessage({
    id: 'auth.confirmIdentity',
    defaultMessage: 'Confirm it’s you',
  });
  const error = confirm.error;
  const fieldError = apiFieldError(error, 'password', 'code');
  const providerButton = linked ? (
    <div className="space-y-2">
      <MutationAlert
        mutation={reauth}
        fallback={intl.formatMessage({
          id: 'auth.providerUnreachable',
          defaultMessage: 'Could not reach the provider.',
        })}
      />
      <Button
        variant={hasPassword ? 'secondary' : 'primary'}
        className="w-full"
        disabled={reauth.isPending || reauth.isSuccess}
        onClick={() => reauth.mutate(`${here.pathname}${here.search}${here.hash}`)}
      >
        {reauth.isPending || reauth.isSuccess ? (
          <Spinner />
        ) : (
          <LogIn aria-hidden className="size-4" />
        )}
        <FormattedMessage
          id="auth.signInAgainWith"
          defaultMessage="Sign in again with {provider}"
          values={{ provider }}
        />
      </Button>
      <p className="text-xs text-slate-400">
        <FormattedMessage
          id="auth.reauthComeBack"
          defaultMessage="You come back to this page afterwards; then do it again."
        />
      </p>
    </div>
  ) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onCancel();
        }
      }}
      title={title}
      description={
        hasPassword || !provider
          ? intl.formatMessage({
              id: 'auth.confirmIdentityPassword',
              defaultMessage:
                'This changes how your account is protected, so we ask again. It lasts 15 minutes.',
            })
          : intl.formatMessage(
              {
                id: 'auth.confirmIdentityProvider',
                defaultMessage:
                  'Your account signs in with {provider}, so we ask you to sign in there again. It lasts 15 minutes.',
              },
              { provider },
            )
      }
    >
      <div className="space-y-4">
        {!hasPassword ? providerButton : null}
        {!hasPassword && !linked && !status.data?.totp ? (
          <p className="text-sm text-slate-300">{contractText(ssoMessages.lastWayIn)}</p>
        ) : null}
        {showForm ? (
          <form onSubmit={submit} noValidate className="space-y-4" aria-label={title}>
            {error && !fieldError ? (
              <RequestAlert error={error} fallback={contractText(securityMessages.codeInvalid)} />
            ) : null}
            {withCode ? (
              <CodeField
                key="code"
                label={intl.formatMessage({
                  id: 'auth.authenticatorOrBackupCode',
                  defaultMessage: 'Authenticator or backup code',
                })}
                value={value}
                onValue={setValue}
                error={fieldError}
              />
            ) : (
              <PasswordField
                key="password"
                label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
                name="password"
                value={value}
                onValue={setValue}
                error={fieldError}
              />
            )}
            {hasPassword ? <CodeToggle withCode={withCode} onToggle={toggleCode} /> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={cancel}>
                <FormattedMessage id="auth.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" disabled={!value.trim() || confirm.isPending}>
                {confirm.isPending ? <Spinner /> : null}
                <FormattedMessage id="auth.confirm" defaultMessage="Confirm" />
              </Button>
            </div>
          </form>
        ) : (
          <>
            {status.data?.totp ? <CodeToggle withCode={false} onToggle={toggleCode} /> : null}
            <div className="flex justify-end">
              <Button variant="secondary" onClick={cancel}>
                <FormattedMessage id="auth.cancel" defaultMessage="Cancel" />
              </Button>
            </div>
          </>
        )}
        {hasPassword ? providerButton : null}
      </div>
    </Dialog>
  );

  function toggleCode() {
    confirm.reset();
    setValue('');
    setWithCode((v) => !v);
  }

  function cancel() {
    reset();
    onCancel();
  }
}

function CodeToggle({ withCode, onToggle }: { withCode: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className="min-h-6 rounded px-1 py-0.5 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
    >
      {withCode ? (
        <FormattedMessage id="auth.usePasswordInstead" defaultMessage="Use your password instead" />
      ) : (
        <FormattedMessage
          id="auth.useCodeInstead"
          defaultMessage="Use an authenticator or backup code instead"
        />
      )}
    </button>
  );
}
