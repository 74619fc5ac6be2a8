import { ssoMessage, ssoMessages } from '@series-tracker/contracts/constants';
import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemList, ItemRow } from '@/components/settings/item-list';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { QueryErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SavedNote, SettingsSection } from '@/features/account/components/settings-section';
import { lazily } from '@/lib/format';
import { useAuthProviders, useIdentityLinks, useStartLink, useUnlink } from '../api/sso';

const date = lazily(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/**
 * Settings › Single sign-on (ADR 174), shown when the site has an OpenID Provider: whether
 * the member's account is linked to it, Link (this browser goes to the provider and back) and
 * Unlink (only while a password or another link still signs them in).
 */
export function SsoSection() {
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
      title="Single sign-on"
      description={`Sign in with your ${name} account instead of a password.`}
    >
      {links.isPending ? (
        <Skeleton className="h-16 w-full" aria-label="Loading single sign-on" />
      ) : links.isError ? (
        <QueryErrorState
          query={links}
          title="Could not load your single sign-on links"
          headingLevel={3}
        />
      ) : (
        <div className="space-y-4">
          {params.get('sso') === 'linked' && links.data.links.length > 0 ? (
            <SavedNote>{ssoMessage(ssoMessages.linked, name)}</SavedNote>
          ) : null}
          {unlink.isSuccess && links.data.links.length === 0 ? (
            <SavedNote>{ssoMessage(ssoMessages.unlinked, name)}</SavedNote>
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
                      label={`Unlink ${name}`}
                    >
                      {unlink.isPending ? 'Unlinking...' : 'Unlink'}
                    </ItemAction>
                  }
                >
                  <p className="text-sm font-medium text-slate-100">
                    Linked to <span dir="auto">{name}</span>
                  </p>
                  {link.email ? (
                    <p className="text-sm text-slate-300">
                      as <EmailAddress email={link.email} />
                    </p>
                  ) : null}
                  <p className="text-xs text-slate-400">
                    Since {date().format(new Date(link.createdAt))}
                  </p>
                </ItemRow>
              ))}
            </ItemList>
          ) : (
            <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
              <p className="text-sm text-slate-300 sm:flex-1">
                Not linked. Link it to sign in with {name}; you will be sent there and back.
              </p>
              <Button
                variant="secondary"
                onClick={() => startLink.mutate()}
                disabled={startLink.isPending || startLink.isSuccess}
              >
                <KeyRound aria-hidden className="size-4" />
                {startLink.isPending || startLink.isSuccess ? 'Opening...' : `Link ${name}`}
              </Button>
            </div>
          )}
          {links.data.links.length > 0 && !links.data.canUnlink ? (
            <p className="text-sm text-slate-400">{ssoMessages.lastWayIn}</p>
          ) : null}
          <MutationError
            mutation={startLink.isError ? startLink : unlink}
            fallback="That did not work. Please try again."
          />
        </div>
      )}
    </SettingsSection>
  );
}
