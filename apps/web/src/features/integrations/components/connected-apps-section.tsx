import { MonitorSmartphone } from 'lucide-react';
import { shortClientId } from '@series-tracker/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemRow } from '@/components/settings/item-list';
import { itemTime } from '@/components/settings/item-time';
import { SectionItems, SettingsSection } from '@/features/account/components/settings-section';
import { useDisconnectTraktApp, useTraktApps } from '../api/trakt-apps';

/** Settings › Apps & devices › Connected apps: apps signed in through the Trakt-compatible API. */
export function ConnectedAppsSection() {
  const intl = useIntl();
  const apps = useTraktApps();
  const disconnect = useDisconnectTraktApp();
  return (
    <SettingsSection
      id="connected-apps"
      title={intl.formatMessage({
        id: 'integrations.appsTitle',
        defaultMessage: 'Connected apps',
      })}
      description={intl.formatMessage({
        id: 'integrations.appsDescription',
        defaultMessage:
          'Apps that work with Trakt (Kodi add-ons, TMDbHelper, scripts) and that you connected with a code or an Approve page. Point an app at this site’s /trakt address instead of api.trakt.tv to connect it.',
      })}
    >
      <SectionItems
        query={apps}
        loadingLabel={intl.formatMessage({
          id: 'integrations.loadingApps',
          defaultMessage: 'Loading connected apps',
        })}
        failedTitle={intl.formatMessage({
          id: 'integrations.loadAppsFailed',
          defaultMessage: 'Could not load your connected apps',
        })}
        empty={{
          icon: MonitorSmartphone,
          title: intl.formatMessage({
            id: 'integrations.noApps',
            defaultMessage: 'No connected apps',
          }),
          message: intl.formatMessage({
            id: 'integrations.noAppsMessage',
            defaultMessage:
              'When you approve an app on the Activate page or its Approve page, it appears here, with when it was last used.',
          }),
        }}
        label={intl.formatMessage({
          id: 'integrations.yourApps',
          defaultMessage: 'Your connected apps',
        })}
        row={(a) => (
          <ItemRow
            key={a.id}
            icon={MonitorSmartphone}
            action={
              <ItemAction
                onClick={() => disconnect.mutate(a.id)}
                disabled={disconnect.isPending && disconnect.variables === a.id}
                label={intl.formatMessage(
                  { id: 'integrations.disconnectApp', defaultMessage: 'Disconnect app {id}' },
                  { id: shortClientId(a.clientId) },
                )}
              >
                <FormattedMessage id="integrations.disconnect" defaultMessage="Disconnect" />
              </ItemAction>
            }
          >
            <p className="text-sm font-medium text-slate-100">
              <FormattedMessage
                id="integrations.appId"
                defaultMessage="App ID <code>{id}</code>"
                values={{
                  id: shortClientId(a.clientId),
                  code: (chunks) => (
                    <code
                      className="font-mono whitespace-nowrap text-slate-200"
                      dir="ltr"
                      title={a.clientId}
                    >
                      {chunks}
                    </code>
                  ),
                }}
              />
            </p>
            <p className="text-xs text-slate-400">
              {a.lastUsedAt ? (
                <FormattedMessage
                  id="integrations.appUsed"
                  defaultMessage="Connected {connected} · last used {used}"
                  values={{ connected: itemTime(a.connectedAt), used: itemTime(a.lastUsedAt) }}
                />
              ) : (
                <FormattedMessage
                  id="integrations.appUnused"
                  defaultMessage="Connected {connected} · not used yet"
                  values={{ connected: itemTime(a.connectedAt) }}
                />
              )}
            </p>
          </ItemRow>
        )}
      />
      <MutationError
        mutation={disconnect}
        fallback={intl.formatMessage({
          id: 'integrations.disconnectFailed',
          defaultMessage: 'Could not disconnect the app. Please try again.',
        })}
        className="mt-3"
      />
    </SettingsSection>
  );
}
