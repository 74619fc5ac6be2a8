import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShowThumb } from '@/components/media/show-thumb';
import { Spinner } from '@/components/ui/spinner';
import {
  SUGGESTION_DELAY_MS,
  SUGGESTION_MIN_CHARS,
  useSuggestions,
} from '@/features/search/api/get-suggestions';
import { cn } from '@/lib/cn';

/**
 * Picks the show to review without knowing its id: type a title, choose from the catalogue's
 * matches (arrow keys and Enter work); typing a show's number still works.
 */
export function ShowPicker({
  onPick,
  error,
}: {
  onPick: (showId: number) => void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const trimmed = text.trim();
  const isNumber = /^\d{1,10}$/.test(trimmed);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(trimmed), SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const ready = !isNumber && debounced.length >= SUGGESTION_MIN_CHARS && debounced === trimmed;
  const { data, isFetching } = useSuggestions(ready ? debounced : '', 8);
  const options = ready ? (data ?? []) : [];
  const listId = `${id}-list`;
  const errorId = `${id}-error`;

  function choose(index: number) {
    const show = options[index];
    if (show) onPick(show.id);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        <FormattedMessage id="reviews.showLabel" defaultMessage="Show" />
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-3 size-5 text-slate-500"
        />
        <input
          id={id}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-hint`}
          value={text}
          autoComplete="off"
          placeholder={intl.formatMessage({
            id: 'reviews.showSearchPlaceholder',
            defaultMessage: 'Search for a show by title',
          })}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && options.length) {
              e.preventDefault();
              setActive((a) => (a + 1) % options.length);
            } else if (e.key === 'ArrowUp' && options.length) {
              e.preventDefault();
              setActive((a) => (a - 1 + options.length) % options.length);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              if (isNumber) onPick(Number(trimmed));
              else choose(active);
            }
          }}
          className={cn(
            'block h-11 w-full rounded-lg border bg-slate-900/80 ps-10 pe-10 text-base text-slate-100 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm',
            error
              ? 'border-rose-500/70'
              : 'border-slate-700 hover:border-slate-600 focus-visible:border-violet-400',
          )}
        />
        {isFetching && ready ? <Spinner className="absolute end-3 top-3" /> : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          <FormattedMessage
            id="reviews.showPickerHint"
            defaultMessage="Type a title and pick the show, or enter its number and press Enter. You can also click ‘Write Review’ on a show’s page."
          />
        </p>
      )}
      {isNumber ? (
        <button
          type="button"
          onClick={() => onPick(Number(trimmed))}
          className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-start text-sm text-slate-200 hover:border-slate-500"
        >
          <FormattedMessage
            id="reviews.useShowNumber"
            defaultMessage="Use show #{number}"
            values={{ number: trimmed }}
          />
        </button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({
          id: 'reviews.matchingShows',
          defaultMessage: 'Matching shows',
        })}
        className={cn(
          'overflow-hidden rounded-lg border border-slate-700 bg-slate-900',
          options.length === 0 && 'hidden',
        )}
      >
        {options.map((show, i) => (
          // Keys are handled by the combobox input (aria-activedescendant), as ARIA's pattern says.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={show.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
              i === active ? 'bg-slate-800 text-white' : 'text-slate-200',
            )}
          >
            <ShowThumb show={show} className="aspect-[2/3] w-8 shrink-0 rounded" />
            <span className="min-w-0">
              <span className="block truncate font-medium">{show.title}</span>
              {show.titleEnglish && show.titleEnglish !== show.title ? (
                <span className="block truncate text-xs text-slate-400">{show.titleEnglish}</span>
              ) : null}
            </span>
            <span className="ms-auto shrink-0 text-xs text-slate-400">
              {show.startDate?.slice(0, 4)}
            </span>
          </li>
        ))}
      </ul>
      {ready && !isFetching && data && data.length === 0 ? (
        <p className="text-sm text-slate-400">
          <FormattedMessage
            id="reviews.noShowsMatch"
            defaultMessage="No shows match “{query}”."
            values={{ query: trimmed }}
          />
        </p>
      ) : null}
    </div>
  );
}
