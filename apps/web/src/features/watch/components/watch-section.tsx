import { watchCountries, type WatchSettings } from '@series-tracker/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormAlert, RequestAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  SavedNote,
  SettingsLoaded,
  SettingsSection,
} from '@/features/account/components/settings-section';
import { perLocale } from '@/i18n';
import { errorReason } from '@/lib/api-client';
import {
  browserCountry,
  useServiceOptions,
  useUpdateWatchSettings,
  useWatchSettings,
} from '../api/watch';
import { countryName } from './where-to-watch';

const collator = perLocale((locale) => new Intl.Collator(locale));

const selectClass =
  'block h-10 w-full max-w-sm rounded-lg border border-slate-700 bg-slate-900/80 px-3 text-base text-slate-100 sm:text-sm focus-visible:outline-2 focus-visible:outline-violet-400';

/** Settings → Where to watch: the member's country and "my services" (ADR 182). */
export function WatchSection() {
  const settings = useWatchSettings();
  const { formatMessage } = useIntl();
  return (
    <SettingsSection
      id="watch"
      title={formatMessage({ id: 'watch.heading', defaultMessage: 'Where to watch' })}
      description={formatMessage({
        id: 'watch.settingsDescription',
        defaultMessage:
          'Your country decides which streaming offers show pages list; your services power the “On my services” filter on browse, search, your watchlist, Up Next and lists.',
      })}
    >
      <SettingsLoaded query={settings}>{(saved) => <WatchForm saved={saved} />}</SettingsLoaded>
    </SettingsSection>
  );
}

function WatchForm({ saved }: { saved: WatchSettings }) {
  const guess = browserCountry();
  const [country, setCountry] = useState<string>(
    saved.country ?? (guess && (watchCountries as readonly string[]).includes(guess) ? guess : ''),
  );
  // An answer without a list (an older server) counts as nothing picked.
  const [picked, setPicked] = useState<string[]>(
    Array.isArray(saved.services) ? saved.services : [],
  );
  const [done, setDone] = useState(false);
  const { formatMessage } = useIntl();
  const options = useServiceOptions(country || null);
  const update = useUpdateWatchSettings();
  const names = options.data?.map((o) => o.name) ?? [];
  // Saved services the list no longer offers stay visible, so they can be unticked.
  const extra = picked.filter((p) => !names.some((n) => n.toLowerCase() === p.toLowerCase()));
  const countries = [...watchCountries].sort((a, b) =>
    collator().compare(countryName(a), countryName(b)),
  );

  function toggle(name: string, on: boolean) {
    setDone(false);
    setPicked((list) => (on ? [...list, name] : list.filter((n) => n !== name)));
  }

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { country: country || null, services: picked },
          { onSuccess: () => setDone(true) },
        );
      }}
    >
      <div>
        <label htmlFor="watch-country" className="mb-1.5 block text-sm font-medium text-slate-200">
          <FormattedMessage id="watch.country" defaultMessage="Country" />
        </label>
        <select
          id="watch-country"
          className={selectClass}
          value={country}
          onChange={(e) => {
            setDone(false);
            setCountry(e.target.value);
          }}
        >
          <option value="">
            {formatMessage({ id: 'watch.noCountry', defaultMessage: 'No country' })}
          </option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </select>
        {!saved.country && country ? (
          <p className="mt-1.5 text-xs text-slate-400">
            <FormattedMessage
              id="watch.suggestedCountry"
              defaultMessage="Suggested from your browser’s language."
            />
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-200">
          <FormattedMessage id="watch.myServices" defaultMessage="My services" />
        </legend>
        <p className="mb-3 text-xs text-slate-400">
          {saved.providersEnabled ? (
            <FormattedMessage
              id="watch.servicesByProviders"
              defaultMessage="Streaming services TMDB lists in your country, then networks and streaming channels of the catalogue."
            />
          ) : (
            <FormattedMessage
              id="watch.servicesByName"
              defaultMessage="Networks and streaming channels of the catalogue; shows match by the name of the channel they air or stream on."
            />
          )}
        </p>
        {options.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : options.isError ? (
          <FormAlert>
            <FormattedMessage
              id="watch.servicesLoadFailed"
              defaultMessage="Could not load the services: {reason}."
              values={{ reason: errorReason(options.error) }}
            />
          </FormAlert>
        ) : (
          <ul className="grid max-h-72 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto pe-1 sm:grid-cols-2">
            {[...extra, ...names].map((name, i) => {
              const id = `service-${i}`;
              return (
                <li key={name}>
                  <label
                    htmlFor={id}
                    className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-slate-200"
                  >
                    <input
                      id={id}
                      type="checkbox"
                      className="size-6 shrink-0 accent-violet-500"
                      checked={picked.some((p) => p.toLowerCase() === name.toLowerCase())}
                      onChange={(e) => toggle(name, e.target.checked)}
                    />
                    <span dir="auto">{name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {update.isError ? (
        <RequestAlert
          error={update.error}
          fallback={formatMessage({
            id: 'watch.saveFailed',
            defaultMessage: 'Could not save these settings.',
          })}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          <FormattedMessage id="watch.save" defaultMessage="Save where to watch" />
        </Button>
        {done ? (
          <SavedNote>
            <FormattedMessage
              id="watch.savedCount"
              defaultMessage="{count, plural, one {Saved. # service picked.} other {Saved. # services picked.}}"
              values={{ count: picked.length }}
            />
          </SavedNote>
        ) : null}
      </div>
    </form>
  );
}
