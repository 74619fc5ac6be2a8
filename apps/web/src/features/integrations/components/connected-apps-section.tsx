import { MonitorSmartphone } from 'lucide-react';
import { shortClientId } from '@series-tracker/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { serverMessageOr } from '@/lib/api-client';
import { lazily } from '@/lib/format';
import { SectionQueryState, SettingsSection } from '@/features/account/components/settings-section';
import { useDisconnectTraktApp, useTraktApps } from '../api/trakt-apps';

const dateTime = lazily(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const when = (iso: string) => dateTime().format(new Date(iso));

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
      {apps.isPending || apps.isError ? (
        <SectionQueryState
          query={apps}
          loadingLabel="Loading connected apps"
          failedTitle="Could not load your connected apps"
        />
      ) : apps.data.length === 0 ? (
        <EmptyState
          icon={MonitorSmartphone}
          title="No connected apps"
          message="When you approve an app on the Activate page or its Approve page, it appears here, with when it was last used."
          headingLevel={3}
          className="py-8"
        />
      ) : (
        <ul
          aria-label="Your connected apps"
          className="divide-y divide-slate-800 rounded-xl border border-slate-800"
        >
          {apps.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <MonitorSmartphone aria-hidden className="size-5 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1">
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
                  Connected {when(a.connectedAt)} ·{' '}
                  {a.lastUsedAt ? `last used ${when(a.lastUsedAt)}` : 'not used yet'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => disconnect.mutate(a.id)}
                disabled={disconnect.isPending && disconnect.variables === a.id}
                aria-label={`Disconnect app ${shortClientId(a.clientId)}`}
              >
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}
      {disconnect.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-300">
          {serverMessageOr(disconnect.error, 'Could not disconnect the app. Please try again.')}
        </p>
      ) : null}
    </SettingsSection>
  );
}
