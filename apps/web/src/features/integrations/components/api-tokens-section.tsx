import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import {
  apiTokenLimits,
  createApiTokenSchema,
  type CreatedApiToken,
  type TokenScope,
} from '@series-tracker/contracts';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemRow } from '@/components/settings/item-list';
import { itemTime } from '@/components/settings/item-time';
import { BusyButton } from '@/components/forms/busy-button';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { SectionItems, SettingsSection } from '@/features/account/components/settings-section';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { useRecentSignIn } from '@/features/auth/components/confirm-identity';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/integrations';
import { CopyField } from './copy-field';

const scopeLabels = defineMessages<TokenScope>({
  read: { id: 'integrations.scope.read', defaultMessage: 'Read' },
  'write:tracking': { id: 'integrations.scope.writeTracking', defaultMessage: 'Mark episodes' },
});
const scopeHints = defineMessages<TokenScope>({
  read: {
    id: 'integrations.scope.readHint',
    defaultMessage: 'See your watchlist, progress, up next and anything you can see.',
  },
  'write:tracking': {
    id: 'integrations.scope.writeTrackingHint',
    defaultMessage: 'Mark episodes watched and change your watchlist. Nothing else.',
  },
});

/** Between the parts of a token's line; the same in every language. */
const dot = ' · ';
/** After a token's visible prefix: the rest is secret. */
const ellipsis = '…';

/** How a token is sent: code, the same in every language. */
const bearer = 'Authorization: Bearer …';
const apiPath = '/api';

export function ApiTokensSection() {
  const intl = useIntl();
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

  const createError = formAlertMessage(
    create,
    intl.formatMessage({
      id: 'integrations.createTokenFailed',
      defaultMessage: 'Could not create the token. Please try again.',
    }),
  );
  const scopeList = (list: TokenScope[]) =>
    intl.formatList(
      list.map((s) => intl.formatMessage(scopeLabels[s])),
      { type: 'unit', style: 'short' },
    );
  const toggle = (scope: TokenScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  return (
    <SettingsSection
      id="api-tokens"
      title={intl.formatMessage({ id: 'integrations.tokensTitle', defaultMessage: 'API tokens' })}
      description={intl.formatMessage({
        id: 'integrations.tokensDescription',
        defaultMessage:
          'Personal tokens for scripts and apps that read your tracking or mark episodes for you. A token can never change your password, e-mail, sessions or tokens.',
      })}
    >
      <div className="space-y-6">
        {created ? (
          <div className="space-y-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
            <p className="text-sm font-semibold text-emerald-200">
              <FormattedMessage
                id="integrations.copyTokenNow"
                defaultMessage="Copy your new token now: it will not be shown again."
              />
            </p>
            <CopyField
              label={intl.formatMessage(
                { id: 'integrations.tokenLabel', defaultMessage: 'Token “{name}”' },
                { name: created.name },
              )}
              value={created.token}
            />
            <p className="text-xs text-slate-300">
              <FormattedMessage
                id="integrations.sendToken"
                defaultMessage="Send it as {header} with each request to {path}."
                values={{
                  header: (
                    <code className="text-slate-100" dir="ltr">
                      {bearer}
                    </code>
                  ),
                  path: (
                    <code className="text-slate-100" dir="ltr">
                      {apiPath}
                    </code>
                  ),
                }}
              />
            </p>
            <Button variant="secondary" size="sm" onClick={() => setCreated(null)}>
              <FormattedMessage id="integrations.copiedIt" defaultMessage="I have copied it" />
            </Button>
          </div>
        ) : null}

        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label={intl.formatMessage({
              id: 'integrations.tokenName',
              defaultMessage: 'Token name',
            })}
            placeholder={intl.formatMessage({
              id: 'integrations.tokenNamePlaceholder',
              defaultMessage: 'Kodi in the living room',
            })}
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
            <legend className="text-sm font-medium text-slate-200">
              <FormattedMessage id="integrations.permissions" defaultMessage="Permissions" />
            </legend>
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
                    {intl.formatMessage(scopeLabels[scope])}
                  </label>
                  <p id={`scope-${scope}-hint`} className="text-xs text-slate-400">
                    {intl.formatMessage(scopeHints[scope])}
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
          <BusyButton
            type="submit"
            busy={create.isPending}
            busyLabel={intl.formatMessage({
              id: 'integrations.creating',
              defaultMessage: 'Creating…',
            })}
          >
            <FormattedMessage id="integrations.createToken" defaultMessage="Create token" />
          </BusyButton>
        </form>

        <SectionItems
          query={tokens}
          loadingLabel={intl.formatMessage({
            id: 'integrations.loadingTokens',
            defaultMessage: 'Loading API tokens',
          })}
          failedTitle={intl.formatMessage({
            id: 'integrations.loadTokensFailed',
            defaultMessage: 'Could not load your API tokens',
          })}
          empty={{
            icon: KeyRound,
            title: intl.formatMessage({
              id: 'integrations.noTokens',
              defaultMessage: 'No API tokens yet',
            }),
            message: intl.formatMessage({
              id: 'integrations.noTokensMessage',
              defaultMessage: 'Tokens you create appear here, with when they were last used.',
            }),
          }}
          label={intl.formatMessage({
            id: 'integrations.yourTokens',
            defaultMessage: 'Your API tokens',
          })}
          row={(t) => (
            <ItemRow
              key={t.id}
              icon={KeyRound}
              action={
                <ItemAction
                  onClick={() => revoke.mutate(t.id)}
                  disabled={revoke.isPending && revoke.variables === t.id}
                  label={intl.formatMessage(
                    { id: 'integrations.revokeToken', defaultMessage: 'Revoke token {name}' },
                    { name: t.name },
                  )}
                >
                  <FormattedMessage id="integrations.revoke" defaultMessage="Revoke" />
                </ItemAction>
              }
            >
              <p className="text-sm font-medium break-words text-slate-100" dir="auto">
                {t.name}
              </p>
              <p className="text-xs text-slate-400">
                <code className="text-slate-300" dir="ltr">
                  {t.prefix}
                  {ellipsis}
                </code>
                {dot}
                {t.lastUsedAt ? (
                  <FormattedMessage
                    id="integrations.tokenUsed"
                    defaultMessage="{scopes} · created {created} · last used {used}"
                    values={{
                      scopes: scopeList(t.scopes),
                      created: itemTime(t.createdAt),
                      used: itemTime(t.lastUsedAt),
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="integrations.tokenUnused"
                    defaultMessage="{scopes} · created {created} · never used"
                    values={{ scopes: scopeList(t.scopes), created: itemTime(t.createdAt) }}
                  />
                )}
              </p>
            </ItemRow>
          )}
        />
        <MutationError
          mutation={revoke}
          fallback={intl.formatMessage({
            id: 'integrations.revokeFailed',
            defaultMessage: 'Could not revoke the token. Please try again.',
          })}
        />
      </div>
      {dialog}
    </SettingsSection>
  );
}
