import { securityErrorCodes, securityMessages } from '@series-tracker/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { reauthenticate } from '../api/security';

/** The server wants a recent sign-in before this action (ADR 173). */
export function needsRecentSignIn(error: unknown): boolean {
  return isApiError(error) && error.code === securityErrorCodes.reauthenticationRequired;
}

/**
 * Actions that need a recent sign-in (turning 2FA off, new backup codes, passkeys, API
 * tokens): `run(action)` sends it; on 403 REAUTHENTICATION_REQUIRED it asks "Confirm it's
 * you" (password, or an authenticator/backup code) and sends it again. Render `dialog`.
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
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
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

  const error = confirm.error;
  const fieldError = isApiError(error)
    ? (error.details?.password ?? error.details?.code)
    : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          confirm.reset();
          setValue('');
          onCancel();
        }
      }}
      title="Confirm it’s you"
      description="This changes how your account is protected, so we ask again. It lasts 15 minutes."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Confirm it’s you">
        {error && !fieldError ? (
          <FormAlert>{serverMessageOr(error, securityMessages.codeInvalid)}</FormAlert>
        ) : null}
        {withCode ? (
          <TextField
            key="code"
            label="Authenticator or backup code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
          />
        ) : (
          <TextField
            key="password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
          />
        )}
        <button
          type="button"
          onClick={() => {
            confirm.reset();
            setValue('');
            setWithCode((v) => !v);
          }}
          className="rounded px-1 py-0.5 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
        >
          {withCode ? 'Use your password instead' : 'Use an authenticator or backup code instead'}
        </button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onCancelAndReset()}>
            Cancel
          </Button>
          <Button type="submit" disabled={!value.trim() || confirm.isPending}>
            {confirm.isPending ? <Spinner /> : null}
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );

  function onCancelAndReset() {
    confirm.reset();
    setValue('');
    onCancel();
  }
}
