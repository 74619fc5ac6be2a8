import { Laptop } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemList, ItemRow } from '@/components/settings/item-list';
import { itemTime } from '@/components/settings/item-time';
import { BusyButton } from '@/components/forms/busy-button';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account';
import { deviceName } from '../lib/device-name';
import { SavedNote, SectionLoaded, SettingsSection } from './settings-section';

export function SessionsSection() {
  const intl = useIntl();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsSection
      id="sessions"
      title={intl.formatMessage({ id: 'account.sessionsTitle', defaultMessage: 'Sessions' })}
      description={intl.formatMessage({
        id: 'account.sessionsDescription',
        defaultMessage: 'Browsers and devices signed in to your account.',
      })}
    >
      <SectionLoaded
        query={sessions}
        loadingLabel={intl.formatMessage({
          id: 'account.loadingSessions',
          defaultMessage: 'Loading sessions',
        })}
        rows={['h-16', 'h-16']}
        failedTitle={intl.formatMessage({
          id: 'account.sessionsLoadFailed',
          defaultMessage: 'Could not load your sessions',
        })}
      >
        {(list) => (
          <div className="space-y-4">
            <ItemList>
              {list.map((s) => (
                <ItemRow
                  key={s.id}
                  icon={Laptop}
                  action={
                    s.current ? null : (
                      <ItemAction
                        onClick={() => revoke.mutate(s.id)}
                        disabled={revoke.isPending && revoke.variables === s.id}
                        label={intl.formatMessage(
                          {
                            id: 'account.signOutSession',
                            defaultMessage: 'Sign out {device}, signed in {when}',
                          },
                          { device: deviceName(s.userAgent), when: itemTime(s.createdAt) },
                        )}
                      >
                        <FormattedMessage id="account.signOut" defaultMessage="Sign out" />
                      </ItemAction>
                    )
                  }
                >
                  <p
                    className="text-sm font-medium text-slate-100"
                    title={s.userAgent ?? undefined}
                  >
                    {deviceName(s.userAgent)}
                    {s.current ? (
                      <span className="ms-2 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                        <FormattedMessage id="account.thisDevice" defaultMessage="This device" />
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-400">
                    <FormattedMessage
                      id="account.sessionTimes"
                      defaultMessage="Signed in {signedIn} · last used {used}"
                      values={{ signedIn: itemTime(s.createdAt), used: itemTime(s.lastUsedAt) }}
                    />
                  </p>
                </ItemRow>
              ))}
            </ItemList>
            <MutationError
              mutation={revoke}
              fallback={intl.formatMessage({
                id: 'account.signOutSessionFailed',
                defaultMessage: 'Could not sign that session out. Please try again.',
              })}
            />
            <div className="flex flex-wrap items-center gap-4">
              <BusyButton
                variant="secondary"
                onClick={() => revokeOthers.mutate()}
                disabled={others === 0}
                busy={revokeOthers.isPending}
                busyLabel={intl.formatMessage({
                  id: 'account.signingOut',
                  defaultMessage: 'Signing out...',
                })}
              >
                <FormattedMessage
                  id="account.signOutOthers"
                  defaultMessage="Sign out everywhere else"
                />
              </BusyButton>
              {revokeOthers.isSuccess ? (
                <SavedNote>
                  <FormattedMessage
                    id="account.othersSignedOut"
                    defaultMessage="{count, plural, one {# other session signed out} other {# other sessions signed out}}"
                    values={{ count: revokeOthers.data.revoked }}
                  />
                </SavedNote>
              ) : others === 0 ? (
                <p className="text-sm text-slate-400">
                  <FormattedMessage
                    id="account.onlySession"
                    defaultMessage="This is your only session."
                  />
                </p>
              ) : null}
              <MutationError
                mutation={revokeOthers}
                fallback={intl.formatMessage({
                  id: 'account.signOutOthersFailed',
                  defaultMessage: 'Could not sign out. Please try again.',
                })}
              />
            </div>
          </div>
        )}
      </SectionLoaded>
    </SettingsSection>
  );
}
