import { spoilerMessages } from '@series-tracker/contracts/constants';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequestAlert } from '@/components/ui/form-alert';
import {
  SavedNote,
  SettingsLoaded,
  SettingsSection,
} from '@/features/account/components/settings-section';
import { contractText } from '@/i18n/contract-text';
import { useSpoilerSettings, useUpdateSpoilerSettings } from '../api/spoilers';

/** Settings → Spoilers: one switch, on by default (ADR 181). */
export function SpoilersSection() {
  const intl = useIntl();
  const settings = useSpoilerSettings();
  const update = useUpdateSpoilerSettings();
  // The box moves at once, in the same event (a controlled input that waited for the mutation's
  // pending state snapped back first); the saved value takes over when the answer comes.
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? settings.data?.protect;
  return (
    <SettingsSection
      id="spoilers"
      title={intl.formatMessage({ id: 'spoilers.sectionTitle', defaultMessage: 'Spoilers' })}
    >
      <SettingsLoaded
        query={settings}
        skeleton="h-12 w-full"
        what={intl.formatMessage({ id: 'spoilers.thisSetting', defaultMessage: 'this setting' })}
      >
        {() => (
          <div className="space-y-3">
            <div className="flex items-start gap-3 text-sm">
              <input
                id="spoiler-protection"
                type="checkbox"
                className="mt-0.5 size-6 shrink-0 accent-violet-500"
                checked={Boolean(checked)}
                disabled={update.isPending}
                aria-describedby="spoilers-hint"
                onChange={(e) => {
                  setChoice(e.target.checked);
                  update.mutate(
                    { protect: e.target.checked },
                    { onSettled: () => setChoice(null) },
                  );
                }}
              />
              <div>
                <label
                  htmlFor="spoiler-protection"
                  className="cursor-pointer font-medium text-slate-200"
                >
                  {contractText(spoilerMessages.settingLabel)}
                </label>
                <p id="spoilers-hint" className="mt-0.5 text-slate-400">
                  {contractText(spoilerMessages.settingHint)}
                </p>
              </div>
            </div>
            {update.isError ? (
              <RequestAlert
                error={update.error}
                fallback={intl.formatMessage({
                  id: 'spoilers.saveFailed',
                  defaultMessage: 'Could not save. Try again.',
                })}
              />
            ) : update.isSuccess ? (
              <SavedNote>
                <FormattedMessage id="spoilers.saved" defaultMessage="Saved." />
              </SavedNote>
            ) : null}
          </div>
        )}
      </SettingsLoaded>
    </SettingsSection>
  );
}
