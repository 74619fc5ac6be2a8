import { Radio } from 'lucide-react';
import type { MediaServer, ScrobbleEvent, ScrobbleOutcome } from '@series-tracker/contracts';
import { Link } from 'react-router';
import { MutationAction } from '@/components/settings/mutation-action';
import { BusyButton } from '@/components/forms/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { itemTime } from '@/components/settings/item-time';
import { SectionLoaded, SettingsSection } from '@/features/account/components/settings-section';
import { useRotateScrobbleUrls, useScrobbleSettings } from '../api/integrations';
import { CopyField } from './copy-field';

/** The Jellyfin webhook plugin's template: the fields the server reads (ADR 161). */
export const jellyfinTemplate =
  '{"NotificationType":"{{NotificationType}}","ItemType":"{{ItemType}}","SeriesName":"{{SeriesName}}","Year":"{{Year}}","SeasonNumber":"{{SeasonNumber}}","EpisodeNumber":"{{EpisodeNumber}}","PlaybackPositionTicks":"{{PlaybackPositionTicks}}","RunTimeTicks":"{{RunTimeTicks}}","PlayedToCompletion":"{{PlayedToCompletion}}","UtcTimestamp":"{{UtcTimestamp}}"}';

const servers: { id: MediaServer; name: string; steps: string[] }[] = [
  {
    id: 'jellyfin',
    name: 'Jellyfin',
    steps: [
      'Dashboard → Plugins → Catalog: install “Webhook” and restart Jellyfin.',
      'Dashboard → Plugins → Webhook → Add Generic Destination: paste the URL below.',
      'Tick “Playback Stop”, item type “Episodes”, and limit it to your Jellyfin user.',
      'Paste the template below as the destination’s template and save.',
    ],
  },
  {
    id: 'plex',
    name: 'Plex',
    steps: [
      'Webhooks need Plex Pass. In Plex Web open Account settings → Webhooks.',
      'Add Webhook, paste the URL below and save. Plex reports an episode once you pass 90 %.',
    ],
  },
  {
    id: 'emby',
    name: 'Emby',
    steps: [
      'Emby Server dashboard → Notifications (Webhooks) → Add Webhook: paste the URL below.',
      'Request content type: application/json. Events: Playback Stop and Mark played.',
      'Limit the events to your Emby user and save.',
    ],
  },
  {
    id: 'kodi',
    name: 'Kodi',
    steps: [
      'Kodi has no webhooks: a script or add-on posts to the URL below when an episode ends.',
      'It sends JSON: event “scrobble”, type “episode”, showTitle, season, episode, progress (0–100) and showIds (tvdb, imdb, tmdb) from Kodi’s library. The README shows an example.',
    ],
  },
];

const outcomeStyles: Record<ScrobbleOutcome, { label: string; className: string }> = {
  marked: { label: 'Marked watched', className: 'bg-emerald-500/15 text-emerald-300' },
  duplicate: { label: 'Already recorded', className: 'bg-sky-500/15 text-sky-300' },
  ignored: { label: 'Ignored', className: 'bg-slate-700/60 text-slate-300' },
  unmatched: { label: 'Not matched', className: 'bg-amber-500/15 text-amber-300' },
  invalid: { label: 'Unreadable', className: 'bg-rose-500/15 text-rose-300' },
  refused: { label: 'Refused', className: 'bg-rose-500/15 text-rose-300' },
};
const serverName = Object.fromEntries(servers.map((s) => [s.id, s.name])) as Record<
  MediaServer,
  string
>;

function EventRow({ event }: { event: ScrobbleEvent }) {
  const style = outcomeStyles[event.outcome];
  const se =
    event.seasonNumber !== null && event.episodeNumber !== null
      ? ` S${event.seasonNumber}E${event.episodeNumber}`
      : '';
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', style.className)}>
          {style.label}
        </span>
        <span className="text-sm font-medium break-words text-slate-100">
          {event.show ? (
            <Link to={`/show/${event.show.id}`} className="hover:underline" dir="auto">
              {event.show.title}
            </Link>
          ) : (
            <span dir="auto">{event.title ?? 'Unknown item'}</span>
          )}
          {se}
        </span>
      </div>
      <p className="text-sm break-words text-slate-300" dir="auto">
        {event.detail}
      </p>
      <p className="text-xs text-slate-500">
        {serverName[event.source]} · {event.event} · {itemTime(event.receivedAt)}
      </p>
    </li>
  );
}

export function ScrobbleSection() {
  const settings = useScrobbleSettings();
  const rotate = useRotateScrobbleUrls();
  const origin = window.location.origin;

  return (
    <SettingsSection
      id="scrobbling"
      title="Media servers"
      description="Jellyfin, Plex, Emby or Kodi mark an episode watched here when you play it past 90 %. Each URL is private to you: anyone with it can mark episodes for you."
    >
      <SectionLoaded
        query={settings}
        loadingLabel="Loading media server settings"
        rows={['h-14', 'h-14', 'h-32']}
        failedTitle="Could not load your media server settings"
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
                    <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
                      {s.steps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                    <CopyField
                      label={`${s.name} webhook URL`}
                      value={`${origin}${data.paths[s.id]}`}
                    />
                    {s.id === 'jellyfin' ? (
                      <CopyField label="Jellyfin template" value={jellyfinTemplate} />
                    ) : null}
                  </div>
                </details>
              ))}
            </div>
            <MutationAction
              mutation={rotate}
              label="Make new URLs"
              busyLabel="Making new URLs…"
              fallback="Could not make new URLs. Please try again."
            >
              <p className="text-xs text-slate-400">
                The old URLs stop working at once; paste the new ones into your media servers.
              </p>
            </MutationAction>

            <div>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-white">Last events</h3>
                <BusyButton
                  variant="ghost"
                  size="sm"
                  onClick={() => void settings.refetch()}
                  busy={settings.isFetching}
                  busyLabel="Refreshing…"
                >
                  Refresh
                </BusyButton>
              </div>
              {data.events.length === 0 ? (
                <EmptyState
                  icon={Radio}
                  title="Nothing received yet"
                  message="Once a media server is set up, each event it sends shows here: marked, ignored, or why it did not match."
                  headingLevel={3}
                  className="py-8"
                />
              ) : (
                <ul
                  aria-label="Last events from your media servers"
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
