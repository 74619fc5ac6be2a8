import {
  securityLimits,
  securityMessages,
  type BackupCodes,
  type SecurityStatus,
  type TotpSetup,
} from '@series-tracker/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { RequestAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import {
  confirmTotp,
  disableTotp,
  getSecurity,
  newBackupCodes,
  securityKeys,
  startTotp,
} from '@/features/auth/api/security';
import { needsRecentSignIn, useRecentSignIn } from '@/features/auth/components/confirm-identity';
import { CopyField } from '@/features/integrations/components/copy-field';
import { contractText } from '@/i18n/contract-text';
import { apiFieldError } from '@/lib/form-errors';
import { PasskeysPart } from './passkeys-part';
import { SavedNote, SettingsSection } from './settings-section';

/**
 * Settings → Security (ADR 173): two-factor sign-in with an authenticator app (QR code and
 * secret, a first code, 10 backup codes shown once), new backup codes, turning it off, and
 * passkeys. Every change of protection asks "Confirm it's you" when the sign-in is not recent.
 */
export function SecuritySection() {
  const intl = useIntl();
  const status = useQuery({ queryKey: securityKeys.status, queryFn: getSecurity });
  const { run, dialog } = useRecentSignIn();
  return (
    <SettingsSection
      id="security"
      title={intl.formatMessage({ id: 'account.securityTitle', defaultMessage: 'Security' })}
      description={intl.formatMessage({
        id: 'account.securityDescription',
        defaultMessage:
          'Ask for a second step when you sign in with your password, and sign in with passkeys.',
      })}
    >
      {status.isPending ? (
        <div
          aria-label={intl.formatMessage({
            id: 'account.loadingSecurity',
            defaultMessage: 'Loading security settings',
          })}
          className="space-y-3"
        >
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : status.isError && !status.data ? (
        <ErrorState
          error={status.error}
          title={intl.formatMessage({
            id: 'account.securityLoadFailed',
            defaultMessage: 'Could not load your security settings',
          })}
          headingLevel={3}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <div className="space-y-8">
          <TwoFactorPart status={status.data} run={run} />
          <PasskeysPart status={status.data} run={run} />
        </div>
      )}
      {dialog}
    </SettingsSection>
  );
}

type Run = <T>(action: () => Promise<T>) => Promise<T>;

function TwoFactorPart({ status, run }: { status: SecurityStatus; run: Run }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });

  const start = useMutation({
    mutationFn: () => run(startTotp),
    onSuccess: (s) => {
      setDone(null);
      setSetup(s);
    },
  });
  const off = useMutation({
    mutationFn: () => run(disableTotp),
    onSuccess: async () => {
      setCodes(null);
      setDone(contractText(securityMessages.totpOff));
      await refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: () => run(newBackupCodes),
    onSuccess: async (result: BackupCodes) => {
      setCodes(result.backupCodes);
      await refresh();
    },
  });
  const failed = [start, off, regenerate].find((m) => m.isError && !needsRecentSignIn(m.error));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex items-center gap-2 font-semibold text-white">
          {status.totp ? (
            <ShieldCheck aria-hidden className="size-5 text-emerald-300" />
          ) : (
            <ShieldOff aria-hidden className="size-5 text-slate-400" />
          )}
          {status.totp ? (
            <FormattedMessage id="account.twoFactorOn" defaultMessage="Two-factor sign-in: on" />
          ) : (
            <FormattedMessage id="account.twoFactorOff" defaultMessage="Two-factor sign-in: off" />
          )}
        </h3>
      </div>
      {failed ? (
        <RequestAlert
          error={failed.error}
          fallback={intl.formatMessage({
            id: 'account.somethingWentWrong',
            defaultMessage: 'Something went wrong.',
          })}
        />
      ) : null}
      {done ? <SavedNote>{done}</SavedNote> : null}

      {codes ? (
        <BackupCodesList codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <TotpEnrolment
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={async (result) => {
            setSetup(null);
            setCodes(result);
            await refresh();
          }}
        />
      ) : status.totp ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-300">
            <FormattedMessage
              id="account.twoFactorOnNote"
              defaultMessage="Signing in with your password also asks for a code from your authenticator app. {total, plural, one {You have {left, number} of # backup code left.} other {You have {left, number} of # backup codes left.}}"
              values={{ left: status.backupCodesLeft, total: securityLimits.backupCodeCount }}
            />
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={regenerate.isPending}
              onClick={() => regenerate.mutate()}
            >
              {regenerate.isPending ? <Spinner /> : null}
              <FormattedMessage id="account.newBackupCodes" defaultMessage="New backup codes" />
            </Button>
            <Button variant="danger" disabled={off.isPending} onClick={() => off.mutate()}>
              {off.isPending ? <Spinner /> : null}
              <FormattedMessage
                id="account.turnOffTwoFactor"
                defaultMessage="Turn off two-factor sign-in"
              />
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-300">
            <FormattedMessage
              id="account.twoFactorOffNote"
              defaultMessage="Use an authenticator app (such as Aegis, Google Authenticator or 1Password): after your password, sign-in asks for the 6-digit code it shows."
            />
          </p>
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? <Spinner /> : null}
            <FormattedMessage
              id="account.setUpAuthenticator"
              defaultMessage="Set up an authenticator app"
            />
          </Button>
        </div>
      )}
    </div>
  );
}

function TotpEnrolment({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => Promise<void>;
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => confirmTotp(code.trim()),
    onSuccess: (result) => onConfirmed(result.backupCodes),
  });
  const fieldError = apiFieldError(confirm.error, 'code') || undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim()) confirm.mutate();
  }

  return (
    <div className="space-y-4 rounded-xl border border-slate-700 bg-slate-950/40 p-4">
      <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-300">
        <li>
          <FormattedMessage
            id="account.totpStepScan"
            defaultMessage="Scan this QR code with your authenticator app, or type the key into it."
          />
        </li>
        <li>
          <FormattedMessage
            id="account.totpStepCode"
            defaultMessage="Enter the 6-digit code the app shows."
          />
        </li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={intl.formatMessage({
            id: 'account.qrCodeAlt',
            defaultMessage: 'QR code for your authenticator app',
          })}
          width={176}
          height={176}
          className="size-44 shrink-0 self-center rounded-lg bg-white p-1 sm:self-start"
        />
        <div className="min-w-0 flex-1 space-y-4">
          <CopyField
            label={intl.formatMessage({ id: 'account.totpKey', defaultMessage: 'Key' })}
            value={setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            wrap
          />
          <form
            onSubmit={submit}
            noValidate
            className="space-y-3"
            aria-label={intl.formatMessage({
              id: 'account.confirmApp',
              defaultMessage: 'Confirm the app',
            })}
          >
            {confirm.isError && !fieldError ? (
              <RequestAlert
                error={confirm.error}
                fallback={contractText(securityMessages.codeInvalid)}
              />
            ) : null}
            <TextField
              label={intl.formatMessage({
                id: 'account.codeFromApp',
                defaultMessage: 'Code from the app',
              })}
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!code.trim() || confirm.isPending}>
                {confirm.isPending ? <Spinner /> : null}
                <FormattedMessage id="account.turnOn" defaultMessage="Turn on" />
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                <FormattedMessage id="account.cancel" defaultMessage="Cancel" />
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}

function BackupCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  return (
    <div className="space-y-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
      <p role="status" className="text-sm font-semibold text-emerald-200">
        <FormattedMessage
          id="account.saveBackupCodes"
          defaultMessage="Save these backup codes now: they are shown only once."
        />
      </p>
      <p className="text-sm text-slate-300">
        <FormattedMessage
          id="account.backupCodesNote"
          defaultMessage="Each one signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager."
        />
      </p>
      <ul
        aria-label={intl.formatMessage({
          id: 'account.backupCodes',
          defaultMessage: 'Backup codes',
        })}
        className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm text-slate-100"
        dir="ltr"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyField
        label={intl.formatMessage({
          id: 'account.allBackupCodes',
          defaultMessage: 'All backup codes',
        })}
        value={codes.join(' ')}
      />
      <Button onClick={onDone}>
        <FormattedMessage id="account.savedThem" defaultMessage="I saved them" />
      </Button>
    </div>
  );
}
