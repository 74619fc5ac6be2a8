import { securityLimits, securityMessages, type SecurityStatus } from '@series-tracker/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  securityKeys,
} from '@/features/auth/api/security';
import { needsRecentSignIn } from '@/features/auth/components/confirm-identity';
import { createPasskey, passkeyCancelled, passkeysSupported } from '@/lib/passkey-browser';
import { perLocale } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { SavedNote } from './settings-section';

const day = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const when = (iso: string) => day().format(new Date(iso));

type Run = <T>(action: () => Promise<T>) => Promise<T>;

/** Passkeys of Settings → Security (ADR 173): add with a name, list, remove. */
export function PasskeysPart({ status, run }: { status: SecurityStatus; run: Run }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });
  const supported = passkeysSupported();

  const add = useMutation({
    mutationFn: async (label: string) => {
      const { challengeToken, options } = await run(passkeyRegistrationOptions);
      return registerPasskey(challengeToken, label, await createPasskey(options));
    },
    onSuccess: async (passkey) => {
      setName('');
      setNote(
        intl.formatMessage(
          { id: 'account.passkeyAdded', defaultMessage: 'Passkey “{name}” added.' },
          { name: passkey.name },
        ),
      );
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => run(() => removePasskey(id)),
    onSuccess: async () => {
      setNote(
        intl.formatMessage({ id: 'account.passkeyRemoved', defaultMessage: 'Passkey removed.' }),
      );
      await refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || add.isPending) return;
    setNote(null);
    add.mutate(name.trim());
  }

  const failed = [add, remove].find(
    (m) => m.isError && !needsRecentSignIn(m.error) && !passkeyCancelled(m.error),
  );
  const full = status.passkeys.length >= securityLimits.passkeysMax;

  return (
    <div className="space-y-4">
      <h3 className="flex items-center gap-2 font-semibold text-white">
        <KeyRound aria-hidden className="size-5 text-violet-300" />
        <FormattedMessage id="account.passkeys" defaultMessage="Passkeys" />
      </h3>
      <p className="text-sm text-slate-300">
        <FormattedMessage
          id="account.passkeysNote"
          defaultMessage="Sign in with your fingerprint, face or device PIN instead of a password. With two-factor sign-in on, a passkey can also be the second step."
        />
      </p>
      {failed ? (
        <RequestAlert
          error={failed.error}
          fallback={contractText(securityMessages.passkeyInvalid)}
        />
      ) : null}
      {note ? <SavedNote>{note}</SavedNote> : null}
      {status.passkeys.length ? (
        <ul
          aria-label={intl.formatMessage({
            id: 'account.yourPasskeys',
            defaultMessage: 'Your passkeys',
          })}
          className="divide-y divide-slate-800 rounded-xl border border-slate-800"
        >
          {status.passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p dir="auto" className="truncate font-medium text-slate-100">
                  {p.name}
                </p>
                <p className="text-xs text-slate-400">
                  {p.lastUsedAt ? (
                    <FormattedMessage
                      id="account.passkeyUsed"
                      defaultMessage="Added {added} · last used {used}"
                      values={{ added: when(p.createdAt), used: when(p.lastUsedAt) }}
                    />
                  ) : (
                    <FormattedMessage
                      id="account.passkeyUnused"
                      defaultMessage="Added {added} · not used yet"
                      values={{ added: when(p.createdAt) }}
                    />
                  )}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id)}
                aria-label={intl.formatMessage(
                  { id: 'account.removePasskey', defaultMessage: 'Remove passkey {name}' },
                  { name: p.name },
                )}
              >
                <FormattedMessage id="account.remove" defaultMessage="Remove" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-400">
          <FormattedMessage id="account.noPasskeys" defaultMessage="No passkeys yet." />
        </p>
      )}
      {!supported ? (
        <p className="text-sm text-slate-400">
          <FormattedMessage
            id="account.passkeysUnsupported"
            defaultMessage="This browser cannot create passkeys."
          />
        </p>
      ) : full ? (
        <p className="text-sm text-slate-400">{contractText(securityMessages.tooManyPasskeys)}</p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <TextField
              label={intl.formatMessage({
                id: 'account.passkeyName',
                defaultMessage: 'Name of the new passkey',
              })}
              name="passkeyName"
              placeholder={intl.formatMessage({
                id: 'account.passkeyNamePlaceholder',
                defaultMessage: 'e.g. Work laptop',
              })}
              maxLength={securityLimits.passkeyNameMax}
              value={name}
              onChange={(event) => setName(event.target.value)}
              dir="auto"
            />
          </div>
          <Button type="submit" disabled={!name.trim() || add.isPending}>
            {add.isPending ? <Spinner /> : null}
            <FormattedMessage id="account.addPasskey" defaultMessage="Add a passkey" />
          </Button>
        </form>
      )}
    </div>
  );
}
