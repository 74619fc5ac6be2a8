import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ShowThumb } from '@/components/media/show-thumb';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { ShowSubtitle } from '@/components/media/show-subtitle';
import {
  SUGGESTION_CLOSE_DELAY_MS,
  SUGGESTION_DELAY_MS,
  SUGGESTION_LIMIT,
  SUGGESTION_MIN_CHARS,
  useSuggestions,
} from '../api/get-suggestions';

export interface SearchBoxProps {
  /** Text to start with (the search page passes its current query). */
  defaultValue?: string;
  /** Clear the field after a pick (the header does; the search page keeps the query shown). */
  clearOnPick?: boolean;
  /** Called after any pick or submit, e.g. to close the mobile search row. */
  onDone?: () => void;
  focusOnMount?: boolean;
  className?: string;
  inputClassName?: string;
  label?: string;
  /** How many shows the list offers: 6 in the header, 8 on the search page (spec §9). */
  suggestionLimit?: number;
}

/** The highlighted row: a violet wash with a bar on its leading edge, unmistakable at a glance. */
const activeOption =
  'bg-violet-500/20 shadow-[inset_3px_0_0_var(--color-violet-400)] rtl:shadow-[inset_-3px_0_0_var(--color-violet-400)]';

export function searchPath(query: string): string {
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * The search box (spec §2, §5): an ARIA combobox whose listbox offers up to 6 shows (8 on
 * the search page) after a 300 ms pause in typing, plus a last row that runs the full
 * search. Picking a suggestion, by click or by Enter, searches for its title:
 * /search?q={title} (spec §2; ADR 033).
 */
export function SearchBox({
  defaultValue = '',
  clearOnPick = false,
  onDone,
  focusOnMount = false,
  className,
  inputClassName,
  label: givenLabel,
  suggestionLimit = SUGGESTION_LIMIT,
}: SearchBoxProps) {
  const intl = useIntl();
  const label =
    givenLabel ?? intl.formatMessage({ id: 'search.box.label', defaultMessage: 'Search shows' });
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [value, setValue] = useState(defaultValue);
  const [debounced, setDebounced] = useState(defaultValue.trim());
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  // The mobile search row opens on a button press; the field it reveals takes the focus.
  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  const trimmed = value.trim();

  // Ask only once typing pauses for 300 ms.
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(trimmed), SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const ready = trimmed.length >= SUGGESTION_MIN_CHARS && debounced === trimmed;
  const { data } = useSuggestions(ready ? debounced : '', suggestionLimit);
  const suggestions = ready ? (data ?? []).slice(0, suggestionLimit) : [];
  const expanded = open && ready;
  // Rows: the suggestions, then 'Search all results for "…"'.
  const rowCount = expanded ? suggestions.length + 1 : 0;
  const active = activeIndex >= 0 && activeIndex < rowCount ? activeIndex : -1;

  function finish() {
    setOpen(false);
    setActiveIndex(-1);
    if (clearOnPick) {
      setValue('');
      setDebounced('');
    }
    onDone?.();
  }

  function searchFor(text: string) {
    const query = text.trim();
    if (!query) return;
    void navigate(searchPath(query));
    finish();
    // The search page keeps the query in its field; the header clears it (finish).
    if (!clearOnPick) setValue(query);
  }

  function submitSearch() {
    searchFor(trimmed);
  }

  /** A suggestion searches for its title (spec §2); the last row for what was typed. */
  function pick(index: number) {
    const show = suggestions[index];
    searchFor(show ? show.title : trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => {
        const from = current >= 0 && current < rowCount ? current : step === 1 ? -1 : rowCount;
        return (from + step + rowCount) % rowCount;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0) pick(active);
      else submitSearch();
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        // Keep the mobile menu (which also closes on Escape) open: this Escape was for us.
        event.nativeEvent.stopImmediatePropagation();
        setOpen(false);
        setActiveIndex(-1);
      }
    }
  }

  return (
    <form
      role="search"
      // Named like its box, so the header's and the search page's landmarks differ (axe).
      aria-label={label}
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        submitSearch();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        ref={inputRef}
        placeholder={intl.formatMessage({
          id: 'search.box.placeholder',
          defaultMessage: 'Search shows...',
        })}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        maxLength={200}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => {
            setOpen(false);
            setActiveIndex(-1);
          }, SUGGESTION_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'h-10 w-full rounded-lg border border-slate-700 bg-slate-900/80 ps-9 pe-3 text-sm text-slate-100 placeholder:text-slate-500',
          'focus:border-violet-500 focus:ring-2 focus:ring-violet-500/30 focus:outline-none',
          '[&::-webkit-search-cancel-button]:hidden',
          inputClassName,
        )}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={intl.formatMessage(
          { id: 'search.box.suggestionsFor', defaultMessage: 'Suggestions for {query}' },
          { query: trimmed },
        )}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-700 bg-slate-900 py-1.5 shadow-2xl shadow-black/50"
      >
        {expanded
          ? suggestions.map((show, index) => {
              return (
                // Keys are handled by the combobox input (aria-activedescendant); options never take focus.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={show.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Keep focus in the field so blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(index)}
                  onMouseMove={() => setActiveIndex(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3 py-2',
                    index === active ? activeOption : 'hover:bg-slate-800/60',
                  )}
                >
                  <ShowThumb show={show} className="h-12 w-8 shrink-0 rounded [&_svg]:size-4" />
                  <span className="min-w-0 flex-1">
                    <span dir="auto" className="block truncate text-sm font-medium text-slate-100">
                      {show.title}
                    </span>
                    <ShowSubtitle
                      show={show}
                      as="span"
                      className="block truncate text-xs text-slate-400"
                    />
                  </span>
                  <StatusBadge status={show.status} lastKnown={show.lastKnownStatus} />
                </li>
              );
            })
          : null}
        {expanded ? (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see above
          <li
            id={optionId(suggestions.length)}
            role="option"
            aria-selected={active === suggestions.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestions.length)}
            onMouseMove={() => setActiveIndex(suggestions.length)}
            className={cn(
              'mt-1 flex cursor-pointer items-center gap-2 border-t border-slate-800 px-3 pt-2.5 pb-2 text-sm text-violet-300',
              active === suggestions.length ? activeOption : 'hover:bg-slate-800/60',
            )}
          >
            <Search aria-hidden className="size-4 shrink-0" />
            <span className="truncate">
              <FormattedMessage
                id="search.box.searchAll"
                defaultMessage={'Search all results for "{query}"'}
                values={{ query: trimmed }}
              />
            </span>
          </li>
        ) : null}
      </ul>
    </form>
  );
}
