import type { ShowSummary } from '@series-tracker/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShowThumb } from '@/components/media/show-thumb';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { api, errorReason } from '@/lib/api-client';
import type { PickedShow } from './wizard-picked';

/** Spec §9: wizard show search from 2 characters, after 300 ms, 20 results. */
export const WIZARD_SEARCH_MIN = 2;
export const WIZARD_SEARCH_DELAY_MS = 300;
export const WIZARD_SEARCH_LIMIT = 20;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Step 2's search: shows matching what is typed, each added with a press. */
export function ShowSearch({
  picked,
  onPick,
}: {
  picked: PickedShow[];
  onPick: (show: PickedShow) => void;
}) {
  const id = useId();
  const intl = useIntl();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const debounced = useDebounced(trimmed, WIZARD_SEARCH_DELAY_MS);
  const ready = debounced.length >= WIZARD_SEARCH_MIN && debounced === trimmed;
  const results = useQuery({
    queryKey: ['lists', 'wizard-search', debounced],
    queryFn: ({ signal }) =>
      api.get<{ data: ShowSummary[] }>('/search/shows', {
        params: { q: debounced, limit: WIZARD_SEARCH_LIMIT },
        signal,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const chosen = new Set(picked.map((s) => s.id));
  // Under 2 characters (or blank) there are no results (spec §5).
  const shows = trimmed.length >= WIZARD_SEARCH_MIN ? (results.data?.data ?? []) : [];
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        <FormattedMessage id="lists.findShows" defaultMessage="Find shows to add" />
      </label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={intl.formatMessage(
            {
              id: 'lists.searchPlaceholder',
              defaultMessage:
                '{count, plural, one {Type at least # character} other {Type at least # characters}}',
            },
            { count: WIZARD_SEARCH_MIN },
          )}
          autoComplete="off"
          className="block h-11 w-full rounded-lg border border-slate-700 bg-slate-900/80 ps-9 pe-3 text-base text-slate-100 placeholder:text-slate-500 hover:border-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm"
        />
      </div>
      <div className="mt-3" aria-live="polite">
        {trimmed.length >= WIZARD_SEARCH_MIN && results.isFetching && !results.data ? (
          <p className="flex items-center gap-2 text-sm text-slate-400">
            <Spinner /> <FormattedMessage id="lists.searching" defaultMessage="Searching..." />
          </p>
        ) : results.isError && trimmed.length >= WIZARD_SEARCH_MIN ? (
          <FormAlert>
            <FormattedMessage
              id="lists.searchFailed"
              defaultMessage="Search failed: {reason}."
              values={{ reason: errorReason(results.error) }}
            />
          </FormAlert>
        ) : ready && shows.length === 0 && results.isSuccess ? (
          <p className="text-sm text-slate-400">
            <FormattedMessage
              id="lists.noSearchResults"
              defaultMessage="No shows match “{query}”."
              values={{ query: debounced }}
            />
          </p>
        ) : null}
      </div>
      {shows.length > 0 ? (
        <ul className="mt-2 max-h-96 space-y-1 overflow-y-auto rounded-xl border border-slate-800 bg-slate-950/40 p-1">
          {shows.map((show) => {
            const already = chosen.has(show.id);
            return (
              <li key={show.id}>
                <button
                  type="button"
                  disabled={already}
                  onClick={() => onPick(show)}
                  aria-label={
                    already
                      ? intl.formatMessage(
                          { id: 'lists.showAdded', defaultMessage: '{title} (added)' },
                          { title: show.title },
                        )
                      : intl.formatMessage(
                          { id: 'lists.addShow', defaultMessage: 'Add {title}' },
                          { title: show.title },
                        )
                  }
                  className="flex w-full items-center gap-3 rounded-lg p-2 text-start hover:bg-slate-800/70 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-default disabled:hover:bg-transparent"
                >
                  <ShowThumb show={show} className="aspect-[2/3] w-10 shrink-0 rounded" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-100">{show.title}</span>
                    {show.titleEnglish && show.titleEnglish !== show.title ? (
                      <span className="block truncate text-sm text-slate-400">
                        {show.titleEnglish}
                      </span>
                    ) : null}
                  </span>
                  {already ? (
                    <span className="flex shrink-0 items-center gap-1 text-sm text-emerald-300">
                      <Check aria-hidden className="size-4" />
                      <FormattedMessage id="lists.added" defaultMessage="Added" />
                    </span>
                  ) : (
                    <Plus aria-hidden className="size-5 shrink-0 text-violet-300" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
