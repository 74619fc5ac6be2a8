import {
  calendarMessages,
  episodeAlertModeLabels,
  episodeAlertModes,
  type CalendarFeed,
  type EpisodeAlertMode,
} from '@series-tracker/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import {
  SavedNote,
  SettingsLoaded,
  SettingsSection,
} from '@/features/account/components/settings-section';
import { contractText } from '@/i18n/contract-text';
import { errorReason } from '@/lib/api-client';
import {
  browserTimeZone,
  useAdoptBrowserTimeZone,
  useCalendarSettings,
  useCreateFeed,
  useRevokeFeed,
  useUpdateCalendarSettings,
} from '../api/calendar';

function timeZones(): string[] {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  } catch {
    return ['UTC', browserTimeZone()];
  }
}

const selectClass =
  'block h-10 w-full max-w-sm rounded-lg border border-slate-700 bg-slate-900/80 px-3 text-base text-slate-100 sm:text-sm focus-visible:outline-2 focus-visible:outline-violet-400';

/** Settings → Calendar & alerts: time zone, new-episode e-mails, the private iCal address. */
export function CalendarSection() {
  const intl = useIntl();
  const settings = useCalendarSettings();
  useAdoptBrowserTimeZone(settings.data);
  const update = useUpdateCalendarSettings();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // The choice shows at once; a failed save puts the saved one back.
  const [picked, setPicked] = useState<EpisodeAlertMode | null>(null);

  const s = settings.data;
  const zones =
    s?.timeZone && !timeZones().includes(s.timeZone) ? [s.timeZone, ...timeZones()] : timeZones();

  return (
    <SettingsSection
      id="calendar"
      title={intl.formatMessage({
        id: 'calendar.settingsTitle',
        defaultMessage: 'Calendar & alerts',
      })}
      description={intl.formatMessage({
        id: 'calendar.settingsDescription',
        defaultMessage:
          'Your time zone places episodes on your own days in the calendar, the feed and e-mails.',
      })}
    >
      <SettingsLoaded query={settings}>
        {() => (
          <div className="space-y-8">
            <div>
              <label
                htmlFor="time-zone"
                className="mb-1.5 block text-sm font-medium text-slate-200"
              >
                <FormattedMessage id="calendar.timeZone" defaultMessage="Time zone" />
              </label>
              <select
                id="time-zone"
                className={selectClass}
                value={s?.timeZone ?? 'UTC'}
                disabled={update.isPending}
                onChange={(e) =>
                  update.mutate(
                    { timeZone: e.target.value },
                    { onSuccess: () => setSaved(contractText(calendarMessages.settingsSaved)) },
                  )
                }
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            </div>

            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-200">
                <FormattedMessage id="calendar.alertsLegend" defaultMessage="New-episode e-mails" />
              </legend>
              <p className="mb-3 text-sm text-slate-400">
                <FormattedMessage
                  id="calendar.alertsHint"
                  defaultMessage="For shows you are watching. Every e-mail has a one-click unsubscribe link."
                />
              </p>
              <div className="space-y-2">
                {episodeAlertModes.map((mode: EpisodeAlertMode) => (
                  <label
                    key={mode}
                    className="flex min-h-6 cursor-pointer items-center gap-3 text-sm text-slate-200"
                  >
                    <input
                      type="radio"
                      name="episode-alerts"
                      className="size-4 accent-violet-500"
                      checked={(picked ?? s?.episodeAlerts) === mode}
                      onChange={() => {
                        setPicked(mode);
                        update.mutate(
                          { episodeAlerts: mode },
                          {
                            onSuccess: () => {
                              setPicked(null);
                              setSaved(contractText(calendarMessages.settingsSaved));
                            },
                            onError: () => setPicked(null),
                          },
                        );
                      }}
                    />
                    {contractText(episodeAlertModeLabels[mode])}
                  </label>
                ))}
              </div>
            </fieldset>
            {update.isError ? (
              <RequestAlert
                error={update.error}
                fallback={intl.formatMessage({
                  id: 'calendar.saveFailed',
                  defaultMessage: 'Could not save. Try again.',
                })}
              />
            ) : saved && update.isSuccess ? (
              <SavedNote>{saved}</SavedNote>
            ) : null}

            <div>
              <h3 className="text-sm font-medium text-slate-200">
                <FormattedMessage
                  id="calendar.subscribeHeading"
                  defaultMessage="Subscribe in your calendar app"
                />
              </h3>
              <p className="mt-1 text-sm text-slate-400">
                <FormattedMessage
                  id="calendar.subscribeHint"
                  defaultMessage="A private address for Google Calendar, Apple Calendar or Outlook: in Google Calendar, choose Other calendars → From URL and paste it; on an iPhone or Mac, open it. Anyone with the address sees your calendar, so make a new one if it leaks."
                />
              </p>
              {feed ? (
                <div className="mt-3 space-y-2">
                  <p role="status" className="text-sm text-emerald-300">
                    {contractText(calendarMessages.feedCreated)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <input
                      readOnly
                      aria-label={intl.formatMessage({
                        id: 'calendar.feedAddressLabel',
                        defaultMessage: 'Your private calendar address',
                      })}
                      value={feed.url}
                      onFocus={(e) => e.currentTarget.select()}
                      className="h-10 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 font-mono text-xs text-slate-200"
                    />
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void navigator.clipboard
                          ?.writeText(feed.url)
                          .then(() => setCopied(true))
                          .catch(() => setCopied(false))
                      }
                    >
                      {copied ? (
                        <FormattedMessage id="calendar.copied" defaultMessage="Copied" />
                      ) : (
                        <FormattedMessage id="calendar.copy" defaultMessage="Copy" />
                      )}
                    </Button>
                    <a
                      href={feed.url.replace(/^https?:/, 'webcal:')}
                      className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-violet-300 hover:bg-slate-800"
                    >
                      <FormattedMessage
                        id="calendar.openInApp"
                        defaultMessage="Open in calendar app"
                      />
                    </a>
                  </div>
                </div>
              ) : s?.feed?.active ? (
                <p className="mt-3 text-sm text-slate-300">
                  <FormattedMessage
                    id="calendar.feedActive"
                    defaultMessage="Your private address is active. For security it is shown only when made: make a new one to see it again (the old one stops working)."
                  />
                </p>
              ) : null}
              {create.isError || revoke.isError ? (
                <div className="mt-3">
                  <FormAlert>
                    <FormattedMessage
                      id="calendar.feedFailed"
                      defaultMessage="{reason}."
                      values={{ reason: errorReason(create.error ?? revoke.error) }}
                    />
                  </FormAlert>
                </div>
              ) : null}
              {revoke.isSuccess && !s?.feed?.active && !feed ? (
                <p role="status" className="mt-3 text-sm text-slate-300">
                  {contractText(calendarMessages.feedRevoked)}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-3">
                <Button
                  disabled={create.isPending}
                  onClick={() =>
                    create.mutate(undefined, {
                      onSuccess: (f) => {
                        setCopied(false);
                        setFeed(f);
                      },
                    })
                  }
                >
                  {s?.feed?.active || feed ? (
                    <FormattedMessage
                      id="calendar.newAddress"
                      defaultMessage="Make a new address"
                    />
                  ) : (
                    <FormattedMessage
                      id="calendar.getAddress"
                      defaultMessage="Get my calendar address"
                    />
                  )}
                </Button>
                {s?.feed?.active || feed ? (
                  <Button
                    variant="ghost"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(undefined, { onSuccess: () => setFeed(null) })}
                  >
                    <FormattedMessage id="calendar.stopAddress" defaultMessage="Stop the address" />
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        )}
      </SettingsLoaded>
    </SettingsSection>
  );
}
