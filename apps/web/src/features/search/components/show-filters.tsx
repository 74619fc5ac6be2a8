import { showKinds, showSorts, showStatuses } from '@series-tracker/contracts/constants';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useGenres } from '@/features/shows/api/get-genres';
import { genreName } from '@/lib/genre-name';

const statusLabels: Record<string, MessageDescriptor> = defineMessages({
  airing: { id: 'search.status.airing', defaultMessage: 'Airing' },
  completed: { id: 'search.status.completed', defaultMessage: 'Completed' },
  upcoming: { id: 'search.status.upcoming', defaultMessage: 'Upcoming' },
  tbd: { id: 'search.status.tbd', defaultMessage: 'To be announced' },
  unknown: { id: 'search.status.unknown', defaultMessage: 'Unknown' },
});
const sortLabels: Record<string, MessageDescriptor> = defineMessages({
  popular: { id: 'search.sort.popular', defaultMessage: 'Most popular' },
  top_rated: { id: 'search.sort.topRated', defaultMessage: 'Top rated' },
  recent: { id: 'search.sort.recent', defaultMessage: 'Newest' },
  title: { id: 'search.sort.title', defaultMessage: 'Title A–Z' },
});
const kindLabels: Record<string, MessageDescriptor> = defineMessages({
  series: { id: 'search.kind.series', defaultMessage: 'TV series' },
  anime: { id: 'search.kind.anime', defaultMessage: 'Anime' },
});

const selectClass =
  'h-10 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm text-slate-100 focus:border-violet-500 focus:ring-2 focus:ring-violet-500/30 focus:outline-none';

/** Browse's filters (genre, status, type) and sort order; each change goes to the URL. */
export function ShowFilters({
  genre,
  status,
  kind,
  sort,
  onChange,
}: {
  genre: string | undefined;
  status: string | undefined;
  kind: string | undefined;
  /** Absent while searching: results are then ordered by relevance. */
  sort: string | undefined;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const intl = useIntl();
  const genres = useGenres();
  const genreOptions = genres.data ?? [];
  const active = Boolean(genre || status || kind || (sort && sort !== 'popular'));
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:flex lg:items-end">
      <FilterSelect
        name="genre"
        label={intl.formatMessage({ id: 'search.filter.genre', defaultMessage: 'Genre' })}
        value={genre ?? ''}
        onChange={(value) => onChange({ genre: value })}
        any={intl.formatMessage({ id: 'search.filter.allGenres', defaultMessage: 'All genres' })}
        // Keep a genre from the URL selectable even before (or without) the list.
        options={(genre && !genreOptions.includes(genre) ? [genre] : [])
          .concat(genreOptions)
          .map((name) => ({ value: name, label: genreName(name) }))}
      />
      <FilterSelect
        name="status"
        label={intl.formatMessage({ id: 'search.filter.status', defaultMessage: 'Status' })}
        value={status ?? ''}
        onChange={(value) => onChange({ status: value })}
        any={intl.formatMessage({ id: 'search.filter.anyStatus', defaultMessage: 'Any status' })}
        options={showStatuses.map((name) => ({
          value: name,
          label: statusLabels[name] && intl.formatMessage(statusLabels[name]),
        }))}
      />
      <FilterSelect
        name="type"
        label={intl.formatMessage({ id: 'search.filter.type', defaultMessage: 'Type' })}
        value={kind ?? ''}
        onChange={(value) => onChange({ kind: value })}
        any={intl.formatMessage({
          id: 'search.filter.anyType',
          defaultMessage: 'Series and anime',
        })}
        options={showKinds.map((name) => ({
          value: name,
          label: kindLabels[name] && intl.formatMessage(kindLabels[name]),
        }))}
      />
      {sort ? (
        <FilterSelect
          name="sort-by"
          label={intl.formatMessage({ id: 'search.filter.sortBy', defaultMessage: 'Sort by' })}
          value={sort}
          onChange={(value) => onChange({ sort: value === 'popular' ? undefined : value })}
          options={showSorts.map((name) => ({
            value: name,
            label: sortLabels[name] && intl.formatMessage(sortLabels[name]),
          }))}
        />
      ) : null}
      {active ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start sm:col-span-4 lg:col-span-1"
          onClick={() =>
            onChange({ genre: undefined, status: undefined, kind: undefined, sort: undefined })
          }
        >
          <FormattedMessage id="search.filter.clear" defaultMessage="Clear filters" />
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A labelled filter; `any` is the first, empty choice (none for the sort order). `name` makes
 * its id (the label is in the interface's language).
 */
function FilterSelect({
  name,
  label,
  value,
  onChange,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  any?: string;
  options: { value: string; label: string | undefined }[];
}) {
  const id = `filter-${name}`;
  return (
    <div className="min-w-0 lg:w-48">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
