import { Radio } from 'lucide-react';
import type { ScrobbleEvent } from '@series-tracker/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MutationAction } from '@/components/settings/mutation-action';
import { BusyButton } from '@/components/forms/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { itemTime } from '@/components/settings/item-time';
import { SectionLoaded, SettingsSection } from '@/features/account/components/settings-section';
import { useRotateScrobbleUrls, useScrobbleSettings } from '../api/integrations';
import { CopyField } from './copy-field';
import {
  jellyfinTemplate,
  outcomeLabels,
  outcomeStyles,
  serverName,
  servers,
} from './scrobble-servers';

/** Between the parts of an event's line; the same in every language. */
const dot = ' · ';

function EventRow({ event }: { event: ScrobbleEvent }) {
  const intl = useIntl();
  const se =
    event.seasonNumber !== null && event.episodeNumber !== null
      ? ` S${event.seasonNumber}E${event.episodeNumber}`
      : '';
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            outcomeStyles[event.outcome],
          )}
        >
          {intl.formatMessage(outcomeLabels[event.outcome])}
        </span>
        <span className="text-sm font-medium break-words text-slate-100">
          {event.show ? (
            <Link to={`/show/${event.show.id}`} className="hover:underline" dir="auto">
              {event.show.title}
            </Link>
          ) : (
            <span dir="auto">
              {event.title ??
                intl.formatMessage({
                  id: 'integrations.unknownItem',
                  defaultMessage: 'Unknown item',
                })}
            </span>
          )}
          {se}
        </span>
      </div>
      {/* Written by the server when the event came in. */}
      <p className="text-sm break-words text-slate-300" dir="auto">
        {event.detail}
      </p>
      <p className="text-xs text-slate-500">
        {serverName[event.source]}
        {dot}
        <span dir="ltr">{event.event}</span>
        {dot}
        {itemTime(event.receivedAt)}
      </p>
    </li>
  );
}

export function ScrobbleSection() {
  const intl = useIntl();
  const settings = useScrobbleSettings();
  const rotate = useRotateScrobbleUrls();
  const origin = window.location.origin;

  return (
    <SettingsSection
      id="scrobbling"
      title={intl.formatMessage({
        id: 'integrations.serversTitle',
        defaultMessage: 'Media servers',
      })}
      description={intl.formatMessage({
        id: 'integrations.serversDescription',
        defaultMessage:
          'Jellyfin, Plex, Emby or Kodi mark an episode watched here when you play it past 90 %. Each URL is private to you: anyone with it can mark episodes for you.',
      })}
    >
      <SectionLoaded
        query={settings}
        loadingLabel={intl.formatMessage({
          id: 'integrations.loadingServers',
          defaultMessage: 'Loading media server settings',
        })}
        rows={['h-14', 'h-14', 'h-32']}
        failedTitle={intl.formatMessage({
          id: 'integrations.loadServersFailed',
          defaultMessage: 'Could not load your media server settings',
        })}
      >
        {(data) => (
          <div className="space-y-6">
            <div className="divide-y divide-slate-800 rounded-xl border border-slate-800">
              {servers.map((s) => (
                <details key={s.id} className="group px-4 py-3" open={s.id === 'jellyfin'}>
                  <summary className="cursor-pointer rounded text-sm font-semibold text-slate-100 focus-visible:outline-2 focus-visible:outline-violet-400">
                    {s.name}
                  </summary>
                  <div className="mt-3 space-y-3">
                    <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-300">
                      {s.steps.map((step) => (
                        <li key={step.id}>{intl.formatMessage(step)}</li>
                      ))}
                    </ol>
                    <CopyField
                      label={intl.formatMessage(
                        { id: 'integrations.webhookUrl', defaultMessage: '{server} webhook URL' },
                        { server: s.name },
                      )}
                      value={`${origin}${data.paths[s.id]}`}
                    />
                    {s.id === 'jellyfin' ? (
                      <CopyField
                        label={intl.formatMessage({
                          id: 'integrations.jellyfinTemplate',
                          defaultMessage: 'Jellyfin template',
                        })}
                        value={jellyfinTemplate}
                      />
                    ) : null}
                  </div>
                </details>
              ))}
            </div>
            <MutationAction
              mutation={rotate}
              label={intl.formatMessage({
                id: 'integrations.rotate',
                defaultMessage: 'Make new URLs',
              })}
              busyLabel={intl.formatMessage({
                id: 'integrations.rotating',
                defaultMessage: 'Making new URLs…',
              })}
              fallback={intl.formatMessage({
                id: 'integrations.rotateFailed',
                defaultMessage: 'Could not make new URLs. Please try again.',
              })}
            >
              <p className="text-xs text-slate-400">
                <FormattedMessage
                  id="integrations.rotateHint"
                  defaultMessage="The old URLs stop working at once; paste the new ones into your media servers."
                />
              </p>
            </MutationAction>

            <div>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-white">
                  <FormattedMessage id="integrations.lastEvents" defaultMessage="Last events" />
                </h3>
                <BusyButton
                  variant="ghost"
                  size="sm"
                  onClick={() => void settings.refetch()}
                  busy={settings.isFetching}
                  busyLabel={intl.formatMessage({
                    id: 'integrations.refreshing',
                    defaultMessage: 'Refreshing…',
                  })}
                >
                  <FormattedMessage id="integrations.refresh" defaultMessage="Refresh" />
                </BusyButton>
              </div>
              {data.events.length === 0 ? (
                <EmptyState
                  icon={Radio}
                  title={intl.formatMessage({
                    id: 'integrations.noEvents',
                    defaultMessage: 'Nothing received yet',
                  })}
                  message={intl.formatMessage({
                    id: 'integrations.noEventsMessage',
                    defaultMessage:
                      'Once a media server is set up, each event it sends shows here: marked, ignored, or why it did not match.',
                  })}
                  headingLevel={3}
                  className="py-8"
                />
              ) : (
                <ul
                  aria-label={intl.formatMessage({
                    id: 'integrations.lastEventsLabel',
                    defaultMessage: 'Last events from your media servers',
                  })}
                  className="divide-y divide-slate-800 rounded-xl border border-slate-800"
                >
                  {data.events.map((e) => (
                    <EventRow key={e.id} event={e} />
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </SectionLoaded>
    </SettingsSection>
  );
}
