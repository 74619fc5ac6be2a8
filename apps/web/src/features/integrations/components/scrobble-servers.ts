import type { MediaServer, ScrobbleOutcome } from '@series-tracker/contracts';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The Jellyfin webhook plugin's template: the fields the server reads (ADR 161). */
export const jellyfinTemplate =
  '{"NotificationType":"{{NotificationType}}","ItemType":"{{ItemType}}","SeriesName":"{{SeriesName}}","Year":"{{Year}}","SeasonNumber":"{{SeasonNumber}}","EpisodeNumber":"{{EpisodeNumber}}","PlaybackPositionTicks":"{{PlaybackPositionTicks}}","RunTimeTicks":"{{RunTimeTicks}}","PlayedToCompletion":"{{PlayedToCompletion}}","UtcTimestamp":"{{UtcTimestamp}}"}';

/**
 * How to set up each media server. The menu paths name the servers' own (English) screens;
 * translations keep those names so they can be found on screen.
 */
const jellyfinSteps = defineMessages({
  install: {
    id: 'integrations.steps.jellyfin.install',
    defaultMessage: 'Dashboard → Plugins → Catalog: install “Webhook” and restart Jellyfin.',
  },
  destination: {
    id: 'integrations.steps.jellyfin.destination',
    defaultMessage: 'Dashboard → Plugins → Webhook → Add Generic Destination: paste the URL below.',
  },
  events: {
    id: 'integrations.steps.jellyfin.events',
    defaultMessage:
      'Tick “Playback Stop”, item type “Episodes”, and limit it to your Jellyfin user.',
  },
  template: {
    id: 'integrations.steps.jellyfin.template',
    defaultMessage: 'Paste the template below as the destination’s template and save.',
  },
});

const plexSteps = defineMessages({
  open: {
    id: 'integrations.steps.plex.open',
    defaultMessage: 'Webhooks need Plex Pass. In Plex Web open Account settings → Webhooks.',
  },
  add: {
    id: 'integrations.steps.plex.add',
    defaultMessage:
      'Add Webhook, paste the URL below and save. Plex reports an episode once you pass 90 %.',
  },
});

const embySteps = defineMessages({
  add: {
    id: 'integrations.steps.emby.add',
    defaultMessage:
      'Emby Server dashboard → Notifications (Webhooks) → Add Webhook: paste the URL below.',
  },
  events: {
    id: 'integrations.steps.emby.events',
    defaultMessage:
      'Request content type: application/json. Events: Playback Stop and Mark played.',
  },
  limit: {
    id: 'integrations.steps.emby.limit',
    defaultMessage: 'Limit the events to your Emby user and save.',
  },
});

const kodiSteps = defineMessages({
  script: {
    id: 'integrations.steps.kodi.script',
    defaultMessage:
      'Kodi has no webhooks: a script or add-on posts to the URL below when an episode ends.',
  },
  payload: {
    id: 'integrations.steps.kodi.payload',
    defaultMessage:
      'It sends JSON: event “scrobble”, type “episode”, showTitle, season, episode, progress (0–100) and showIds (tvdb, imdb, tmdb) from Kodi’s library. The README shows an example.',
  },
});

export const servers: { id: MediaServer; name: string; steps: MessageDescriptor[] }[] = [
  { id: 'jellyfin', name: 'Jellyfin', steps: Object.values(jellyfinSteps) },
  { id: 'plex', name: 'Plex', steps: Object.values(plexSteps) },
  { id: 'emby', name: 'Emby', steps: Object.values(embySteps) },
  { id: 'kodi', name: 'Kodi', steps: Object.values(kodiSteps) },
];

export const serverName = Object.fromEntries(servers.map((s) => [s.id, s.name])) as Record<
  MediaServer,
  string
>;

export const outcomeLabels = defineMessages<ScrobbleOutcome>({
  marked: { id: 'integrations.outcome.marked', defaultMessage: 'Marked watched' },
  duplicate: { id: 'integrations.outcome.duplicate', defaultMessage: 'Already recorded' },
  ignored: { id: 'integrations.outcome.ignored', defaultMessage: 'Ignored' },
  unmatched: { id: 'integrations.outcome.unmatched', defaultMessage: 'Not matched' },
  invalid: { id: 'integrations.outcome.invalid', defaultMessage: 'Unreadable' },
  refused: { id: 'integrations.outcome.refused', defaultMessage: 'Refused' },
});

export const outcomeStyles: Record<ScrobbleOutcome, string> = {
  marked: 'bg-emerald-500/15 text-emerald-300',
  duplicate: 'bg-sky-500/15 text-sky-300',
  ignored: 'bg-slate-700/60 text-slate-300',
  unmatched: 'bg-amber-500/15 text-amber-300',
  invalid: 'bg-rose-500/15 text-rose-300',
  refused: 'bg-rose-500/15 text-rose-300',
};
