import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  apiTokenLimits,
  createApiTokenSchema,
  type CreatedApiToken,
  type TokenScope,
} from '@series-tracker/contracts';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemRow } from '@/components/settings/item-list';
import { itemTime, lastUsed } from '@/components/settings/item-time';
import { BusyButton } from '@/components/forms/busy-button';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { SectionItems, SettingsSection } from '@/features/account/components/settings-section';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { useRecentSignIn } from '@/features/auth/components/confirm-identity';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/integrations';
import { CopyField } from './copy-field';

const scopeLabels: Record<TokenScope, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'See your watchlist, progress, up next and anything you can see.' },
  'write:tracking': {
    label: 'Mark episodes',
    hint: 'Mark episodes watched and change your watchlist. Nothing else.',
  },
};

export function ApiTokensSection() {
  const tokens = useApiTokens();
  const { run, dialog } = useRecentSignIn();
  const create = useCreateApiToken(run);
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createApiTokenSchema.safeParse({ name, scopes });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
      },
      onError: (err) => setErrors(apiFieldErrors(err)),
    });
  }

  const createError = formAlertMessage(create, 'Could not create the token. Please try again.');
  const toggle = (scope: TokenScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description="Personal tokens for scripts and apps that read your tracking or mark episodes for you. A token can never change your password, e-mail, sessions or tokens."
    >
      <div className="space-y-6">
        {created ? (
          <div className="space-y-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
            <p className="text-sm font-semibold text-emerald-200">
              Copy your new token now: it will not be shown again.
            </p>
            <CopyField label={`Token “${created.name}”`} value={created.token} />
            <p className="text-xs text-slate-300">
              Send it as <code className="text-slate-100">Authorization: Bearer …</code> with each
              request to <code className="text-slate-100">/api</code>.
            </p>
            <Button variant="secondary" size="sm" onClick={() => setCreated(null)}>
              I have copied it
            </Button>
          </div>
        ) : null}

        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label="Token name"
            placeholder="Kodi in the living room"
            value={name}
            maxLength={apiTokenLimits.nameMax + 10}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            dir="auto"
          />
          <fieldset
            className="space-y-2"
            aria-describedby={errors.scopes ? 'scopes-error' : undefined}
          >
            <legend className="text-sm font-medium text-slate-200">Permissions</legend>
            {(Object.keys(scopeLabels) as TokenScope[]).map((scope) => (
              <div key={scope} className="flex items-start gap-3 text-sm text-slate-200">
                <input
                  id={`scope-${scope}`}
                  type="checkbox"
                  className="mt-1 size-4 accent-violet-500"
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                  aria-describedby={`scope-${scope}-hint`}
                />
                <div>
                  <label htmlFor={`scope-${scope}`} className="font-medium">
                    {scopeLabels[scope].label}
                  </label>
                  <p id={`scope-${scope}-hint`} className="text-xs text-slate-400">
                    {scopeLabels[scope].hint}
                  </p>
                </div>
              </div>
            ))}
            {errors.scopes ? (
              <p id="scopes-error" className="text-sm text-rose-300">
                {errors.scopes}
              </p>
            ) : null}
          </fieldset>
          {createError ? <FormAlert>{createError}</FormAlert> : null}
          <BusyButton type="submit" busy={create.isPending} busyLabel="Creating…">
            Create token
          </BusyButton>
        </form>

        <SectionItems
          query={tokens}
          loadingLabel="Loading API tokens"
          failedTitle="Could not load your API tokens"
          empty={{
            icon: KeyRound,
            title: 'No API tokens yet',
            message: 'Tokens you create appear here, with when they were last used.',
          }}
          label="Your API tokens"
          row={(t) => (
            <ItemRow
              key={t.id}
              icon={KeyRound}
              action={
                <ItemAction
                  onClick={() => revoke.mutate(t.id)}
                  disabled={revoke.isPending && revoke.variables === t.id}
                  label={`Revoke token ${t.name}`}
                >
                  Revoke
                </ItemAction>
              }
            >
              <p className="text-sm font-medium break-words text-slate-100" dir="auto">
                {t.name}
              </p>
              <p className="text-xs text-slate-400">
                <code className="text-slate-300">{t.prefix}…</code> ·{' '}
                {t.scopes.map((s) => scopeLabels[s].label).join(', ')} · created{' '}
                {itemTime(t.createdAt)} · {lastUsed(t.lastUsedAt, 'never used')}
              </p>
            </ItemRow>
          )}
        />
        <MutationError mutation={revoke} fallback="Could not revoke the token. Please try again." />
      </div>
      {dialog}
    </SettingsSection>
  );
}
