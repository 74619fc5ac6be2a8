import { securityLimits, securityMessages, type SecurityStatus } from '@series-tracker/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { lazily } from '@/lib/format';
import { SavedNote } from './settings-section';

const day = lazily(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const when = (iso: string) => day().format(new Date(iso));

type Run = <T>(action: () => Promise<T>) => Promise<T>;

/** Passkeys of Settings → Security (ADR 173): add with a name, list, remove. */
export function PasskeysPart({ status, run }: { status: SecurityStatus; run: Run }) {
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
      setNote(`Passkey “${passkey.name}” added.`);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => run(() => removePasskey(id)),
    onSuccess: async () => {
      setNote('Passkey removed.');
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
        Passkeys
      </h3>
      <p className="text-sm text-slate-300">
        Sign in with your fingerprint, face or device PIN instead of a password. With two-factor
        sign-in on, a passkey can also be the second step.
      </p>
      {failed ? (
        <RequestAlert error={failed.error} fallback={securityMessages.passkeyInvalid} />
      ) : null}
      {note ? <SavedNote>{note}</SavedNote> : null}
      {status.passkeys.length ? (
        <ul
          aria-label="Your passkeys"
          className="divide-y divide-slate-800 rounded-xl border border-slate-800"
        >
          {status.passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p dir="auto" className="truncate font-medium text-slate-100">
                  {p.name}
                </p>
                <p className="text-xs text-slate-400">
                  Added {when(p.createdAt)} ·{' '}
                  {p.lastUsedAt ? `last used ${when(p.lastUsedAt)}` : 'not used yet'}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id)}
                aria-label={`Remove passkey ${p.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-400">No passkeys yet.</p>
      )}
      {!supported ? (
        <p className="text-sm text-slate-400">This browser cannot create passkeys.</p>
      ) : full ? (
        <p className="text-sm text-slate-400">{securityMessages.tooManyPasskeys}</p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <TextField
              label="Name of the new passkey"
              name="passkeyName"
              placeholder="e.g. Work laptop"
              maxLength={securityLimits.passkeyNameMax}
              value={name}
              onChange={(event) => setName(event.target.value)}
              dir="auto"
            />
          </div>
          <Button type="submit" disabled={!name.trim() || add.isPending}>
            {add.isPending ? <Spinner /> : null}
            Add a passkey
          </Button>
        </form>
      )}
    </div>
  );
}
