import { MonitorSmartphone } from 'lucide-react';
import { shortClientId } from '@series-tracker/contracts';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemRow } from '@/components/settings/item-list';
import { itemTime, lastUsed } from '@/components/settings/item-time';
import { SectionItems, SettingsSection } from '@/features/account/components/settings-section';
import { useDisconnectTraktApp, useTraktApps } from '../api/trakt-apps';

/** Settings › Apps & devices › Connected apps: apps signed in through the Trakt-compatible API. */
export function ConnectedAppsSection() {
  const apps = useTraktApps();
  const disconnect = useDisconnectTraktApp();
  return (
    <SettingsSection
      id="connected-apps"
      title="Connected apps"
      description="Apps that work with Trakt (Kodi add-ons, TMDbHelper, scripts) and that you connected with a code or an Approve page. Point an app at this site’s /trakt address instead of api.trakt.tv to connect it."
    >
      <SectionItems
        query={apps}
        loadingLabel="Loading connected apps"
        failedTitle="Could not load your connected apps"
        empty={{
          icon: MonitorSmartphone,
          title: 'No connected apps',
          message:
            'When you approve an app on the Activate page or its Approve page, it appears here, with when it was last used.',
        }}
        label="Your connected apps"
        row={(a) => (
          <ItemRow
            key={a.id}
            icon={MonitorSmartphone}
            action={
              <ItemAction
                onClick={() => disconnect.mutate(a.id)}
                disabled={disconnect.isPending && disconnect.variables === a.id}
                label={`Disconnect app ${shortClientId(a.clientId)}`}
              >
                Disconnect
              </ItemAction>
            }
          >
            <p className="text-sm font-medium text-slate-100">
              App ID{' '}
              <code
                className="font-mono whitespace-nowrap text-slate-200"
                dir="ltr"
                title={a.clientId}
              >
                {shortClientId(a.clientId)}
              </code>
            </p>
            <p className="text-xs text-slate-400">
              Connected {itemTime(a.connectedAt)} · {lastUsed(a.lastUsedAt, 'not used yet')}
            </p>
          </ItemRow>
        )}
      />
      <MutationError
        mutation={disconnect}
        fallback="Could not disconnect the app. Please try again."
        className="mt-3"
      />
    </SettingsSection>
  );
}
