import { FormattedMessage, useIntl } from 'react-intl';
import { contractText } from '@/i18n/contract-text';
import { perLocale } from '@/i18n';
import { cn } from '@/lib/cn';
import { importSourceLabels, useImports } from '../api/imports';
import { countText, statusLabels } from './import-messages';
import { ImportsQueryState } from './query-state';

const dateTime = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** The member's imports, newest first; picking one shows it above (`?import=`). */
export function PastImports({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const intl = useIntl();
  const list = useImports();
  if (list.isPending || list.isError)
    return (
      <ImportsQueryState
        query={list}
        loading={intl.formatMessage({
          id: 'imports.loadingPast',
          defaultMessage: 'Loading past imports…',
        })}
        failedTitle={intl.formatMessage({
          id: 'imports.loadPastFailed',
          defaultMessage: 'Could not load your imports',
        })}
      />
    );
  if (list.data.data.length === 0)
    return (
      <p className="text-sm text-slate-400">
        <FormattedMessage
          id="imports.noneYet"
          defaultMessage="You have not imported anything yet."
        />
      </p>
    );
  return (
    <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {list.data.data.map((item) => {
        const r = item.report;
        const status = intl.formatMessage(statusLabels[item.status]);
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(item.id)}
              aria-current={selected === item.id ? 'true' : undefined}
              className={cn(
                'flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-start text-sm hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-violet-400',
                selected === item.id && 'bg-slate-900',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-white" dir="auto">
                  {item.source
                    ? contractText(importSourceLabels[item.source])
                    : (item.fileName ??
                      intl.formatMessage({
                        id: 'imports.untitledImport',
                        defaultMessage: 'Import',
                      }))}
                </span>
                <span className="text-xs text-slate-400">
                  {dateTime().format(new Date(item.createdAt))}
                </span>
              </span>
              <span className="text-xs text-slate-300">
                {r
                  ? intl.formatMessage(
                      {
                        id: 'imports.pastSummary',
                        defaultMessage: '{status} · {shows}, {episodes}, {notPlaced}',
                      },
                      {
                        status,
                        shows: countText('shows', r.shows.matched + r.shows.added),
                        episodes: countText('episodes', r.episodes.marked),
                        notPlaced: countText('notPlaced', r.shows.unmatched + r.episodes.unmatched),
                      },
                    )
                  : status}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
