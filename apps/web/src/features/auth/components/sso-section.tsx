import { ssoMessages } from '@series-tracker/contracts/constants';
import { KeyRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemList, ItemRow } from '@/components/settings/item-list';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { QueryErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SavedNote, SettingsSection } from '@/features/account/components/settings-section';
import { perLocale } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { useAuthProviders, useIdentityLinks, useStartLink, useUnlink } from '../api/sso';

const date = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));

/**
 * Settings › Single sign-on (ADR 174), shown when the site has an OpenID Provider: whether
 * the member's account is linked to it, Link (this browser goes to the provider and back) and
 * Unlink (only while a password or another link still signs them in).
 */
export function SsoSection() {
  const intl = useIntl();
  const providers = useAuthProviders();
  const provider = providers.data?.oidc ?? null;
  const links = useIdentityLinks(provider !== null);
  const startLink = useStartLink();
  const unlink = useUnlink();
  const [params] = useSearchParams();
  if (!provider) return null;
  const name = provider.name;

  return (
    <SettingsSection
      id="sso"
      title={intl.formatMessage({ id: 'auth.ssoTitle', defaultMessage: 'Single sign-on' })}
      description={intl.formatMessage(
        {
          id: 'auth.ssoDescription',
          defaultMessage: 'Sign in with your {provider} account instead of a password.',
        },
        { provider: name },
      )}
    >
      {links.isPending ? (
        <Skeleton
          className="h-16 w-full"
          aria-label={intl.formatMessage({
            id: 'auth.ssoLoading',
            defaultMessage: 'Loading single sign-on',
          })}
        />
      ) : links.isError ? (
        <QueryErrorState
          query={links}
          title={intl.formatMessage({
            id: 'auth.ssoLoadFailed',
            defaultMessage: 'Could not load your single sign-on links',
          })}
          headingLevel={3}
        />
      ) : (
        <div className="space-y-4">
          {params.get('sso') === 'linked' && links.data.links.length > 0 ? (
            <SavedNote>
              <FormattedMessage
                id="auth.ssoLinked"
                defaultMessage="{provider} is now linked to your account."
                values={{ provider: name }}
              />
            </SavedNote>
          ) : null}
          {unlink.isSuccess && links.data.links.length === 0 ? (
            <SavedNote>
              <FormattedMessage
                id="auth.ssoUnlinked"
                defaultMessage="{provider} is no longer linked to your account."
                values={{ provider: name }}
              />
            </SavedNote>
          ) : null}
          {links.data.links.length > 0 ? (
            <ItemList>
              {links.data.links.map((link) => (
                <ItemRow
                  key={link.id}
                  icon={KeyRound}
                  bodyClassName="basis-56"
                  action={
                    <ItemAction
                      onClick={() => unlink.mutate(link.id)}
                      disabled={!links.data.canUnlink || unlink.isPending}
                      label={intl.formatMessage(
                        { id: 'auth.ssoUnlinkLabel', defaultMessage: 'Unlink {provider}' },
                        { provider: name },
                      )}
                    >
                      {unlink.isPending ? (
                        <FormattedMessage id="auth.ssoUnlinking" defaultMessage="Unlinking..." />
                      ) : (
                        <FormattedMessage id="auth.ssoUnlink" defaultMessage="Unlink" />
                      )}
                    </ItemAction>
                  }
                >
                  <p className="text-sm font-medium text-slate-100">
                    <FormattedMessage
                      id="auth.ssoLinkedTo"
                      defaultMessage="Linked to {provider}"
                      values={{ provider: <span dir="auto">{name}</span> }}
                    />
                  </p>
                  {link.email ? (
                    <p className="text-sm text-slate-300">
                      <FormattedMessage
                        id="auth.ssoLinkedAs"
                        defaultMessage="as {email}"
                        values={{ email: <EmailAddress email={link.email} /> }}
                      />
                    </p>
                  ) : null}
                  <p className="text-xs text-slate-400">
                    <FormattedMessage
                      id="auth.ssoSince"
                      defaultMessage="Since {date}"
                      values={{ date: date().format(new Date(link.createdAt)) }}
                    />
                  </p>
                </ItemRow>
              ))}
            </ItemList>
          ) : (
            <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
              <p className="text-sm text-slate-300 sm:flex-1">
                <FormattedMessage
                  id="auth.ssoNotLinked"
                  defaultMessage="Not linked. Link it to sign in with {provider}; you will be sent there and back."
                  values={{ provider: name }}
                />
              </p>
              <Button
                variant="secondary"
                onClick={() => startLink.mutate()}
                disabled={startLink.isPending || startLink.isSuccess}
              >
                <KeyRound aria-hidden className="size-4" />
                {startLink.isPending || startLink.isSuccess ? (
                  <FormattedMessage id="auth.ssoOpening" defaultMessage="Opening..." />
                ) : (
                  <FormattedMessage
                    id="auth.ssoLink"
                    defaultMessage="Link {provider}"
                    values={{ provider: name }}
                  />
                )}
              </Button>
            </div>
          )}
          {links.data.links.length > 0 && !links.data.canUnlink ? (
            <p className="text-sm text-slate-400">{contractText(ssoMessages.lastWayIn)}</p>
          ) : null}
          <MutationError
            mutation={startLink.isError ? startLink : unlink}
            fallback={intl.formatMessage({
              id: 'auth.ssoFailed',
              defaultMessage: 'That did not work. Please try again.',
            })}
          />
        </div>
      )}
    </SettingsSection>
  );
}
