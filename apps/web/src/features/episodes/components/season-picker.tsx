import { ChevronDown } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { seasonLabel, type SeasonGroup, type SeasonKey } from '../lib/seasons';

// Other features name a season the way the picker does (lib/ is this feature's own).
export { seasonLabel };

/**
 * A native select of seasons: it fits a 360 px screen with 35 seasons as well as with 2, and
 * phones, keyboards and screen readers all know it. Each option says how far along it is.
 */
export function SeasonPicker({
  groups,
  value,
  onChange,
  describe,
}: {
  groups: SeasonGroup[];
  value: SeasonKey;
  onChange: (key: SeasonKey) => void;
  /** '4 of 10 watched', or '10 episodes' for visitors. */
  describe: (group: SeasonGroup) => string;
}) {
  const { formatMessage } = useIntl();
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-400">
      <FormattedMessage id="episodes.season" defaultMessage="Season" />
      <span className="relative inline-flex w-full sm:w-80">
        <select
          value={String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            onChange(raw === 'specials' ? 'specials' : Number(raw));
          }}
          className="h-10 w-full cursor-pointer appearance-none truncate rounded-lg border border-slate-700 bg-slate-900 pe-9 ps-3 text-sm font-semibold text-slate-100 transition-colors hover:border-slate-500 focus-visible:border-violet-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-400"
        >
          {groups.map((group) => (
            <option key={group.key} value={String(group.key)}>
              {formatMessage(
                { id: 'episodes.seasonOption', defaultMessage: '{season} · {detail}' },
                { season: seasonLabel(group.key), detail: describe(group) },
              )}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
      </span>
    </label>
  );
}
