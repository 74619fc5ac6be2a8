import type { ShowSummary } from '@series-tracker/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Check, Plus, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ShowThumb } from '@/components/media/show-thumb';
import { CoverImage } from '@/components/ui/cover-image';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { api, errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { apiFieldErrors, pickFieldErrors } from '@/lib/form-errors';
import { useCreateList } from '../api/lists';
import { showsText } from '../lib/list-format';
import {
  detailsBody,
  ListDetailsFields,
  validateListDetails,
  type ListDetailsErrors,
  type ListDetailsValue,
} from './list-details-fields';
import { RankedBadge, VisibilityBadge } from './list-badges';

/** Spec §9: wizard show search from 2 characters, after 300 ms, 20 results. */
export const WIZARD_SEARCH_MIN = 2;
export const WIZARD_SEARCH_DELAY_MS = 300;
export const WIZARD_SEARCH_LIMIT = 20;

export type PickedShow = Pick<
  ShowSummary,
  'id' | 'title' | 'titleEnglish' | 'coverImageUrl' | 'status' | 'episodes'
>;

const steps = ['Details', 'Add Shows', 'Review'] as const;

function Steps({ current }: { current: number }) {
  return (
    <ol className="flex items-center gap-2 sm:gap-4" aria-label="Steps">
      {steps.map((label, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className="flex min-w-0 items-center gap-2"
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-bold',
                done && 'border-emerald-400 bg-emerald-500 text-slate-950',
                active && 'border-violet-400 bg-violet-600 text-white',
                !done && !active && 'border-slate-600 text-slate-300',
              )}
            >
              {done ? <Check aria-label="completed" className="size-4" /> : i + 1}
            </span>
            <span
              className={cn(
                'truncate text-sm font-medium',
                active ? 'text-white' : 'text-slate-400',
                !active && 'max-sm:sr-only',
              )}
            >
              {label}
            </span>
            {i < steps.length - 1 ? (
              <span aria-hidden className="h-px w-6 bg-slate-700 sm:w-10" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ShowSearch({
  picked,
  onPick,
}: {
  picked: PickedShow[];
  onPick: (show: PickedShow) => void;
}) {
  const id = useId();
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
        Find shows to add
      </label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Type at least 2 characters"
          autoComplete="off"
          className="block h-11 w-full rounded-lg border border-slate-700 bg-slate-900/80 pr-3 pl-9 text-base text-slate-100 placeholder:text-slate-500 hover:border-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm"
        />
      </div>
      <div className="mt-3" aria-live="polite">
        {trimmed.length >= WIZARD_SEARCH_MIN && results.isFetching && !results.data ? (
          <p className="flex items-center gap-2 text-sm text-slate-400">
            <Spinner /> Searching...
          </p>
        ) : results.isError && trimmed.length >= WIZARD_SEARCH_MIN ? (
          <FormAlert>Search failed: {errorReason(results.error)}.</FormAlert>
        ) : ready && shows.length === 0 && results.isSuccess ? (
          <p className="text-sm text-slate-400">No shows match “{debounced}”.</p>
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
                  aria-label={already ? `${show.title} (added)` : `Add ${show.title}`}
                  className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-slate-800/70 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-default disabled:hover:bg-transparent"
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
                      Added
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

function Picked({
  shows,
  ranked,
  onRemove,
  onMove,
}: {
  shows: PickedShow[];
  ranked: boolean;
  onRemove?: (index: number) => void;
  onMove?: (from: number, to: number) => void;
}) {
  if (shows.length === 0) return <p className="text-sm text-slate-400">No shows selected yet.</p>;
  const small =
    'inline-flex size-8 items-center justify-center rounded-lg border border-slate-700 text-slate-200 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <ol className="space-y-2" aria-label="Selected shows">
      {shows.map((show, i) => (
        <li
          key={show.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-800 bg-slate-900/60 p-2"
        >
          {ranked ? (
            <span className="w-9 shrink-0 text-right font-bold text-amber-200 tabular-nums">
              #{i + 1}
            </span>
          ) : null}
          <CoverImage
            src={show.coverImageUrl}
            title={show.title}
            decorative
            showTitle={false}
            className="aspect-[2/3] w-9 shrink-0 rounded"
          />
          <span className="min-w-[8rem] flex-1">
            <span className="block truncate font-medium text-slate-100">{show.title}</span>
            <StatusBadge status={show.status} className="mt-0.5" />
          </span>
          <span className="ml-auto flex shrink-0 gap-1.5">
            {onMove && ranked ? (
              <>
                <button
                  type="button"
                  className={small}
                  disabled={i === 0}
                  aria-label={`Move ${show.title} up`}
                  onClick={() => onMove(i, i - 1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={i === shows.length - 1}
                  aria-label={`Move ${show.title} down`}
                  onClick={() => onMove(i, i + 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
              </>
            ) : null}
            {onRemove ? (
              <button
                type="button"
                className={small}
                aria-label={`Remove ${show.title}`}
                onClick={() => onRemove(i)}
              >
                <X aria-hidden className="size-4" />
              </button>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Create New List: 1 Details → 2 Add Shows (only once the details are valid) → 3 Review.
 * The list and its shows go to the server in ONE request, so a failure leaves nothing
 * half-made (the old screen posted the shows one by one).
 */
export function CreateListWizard({ initialShow }: { initialShow?: PickedShow | null }) {
  const navigate = useNavigate();
  const create = useCreateList();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState<ListDetailsValue>({
    name: '',
    description: '',
    isPublic: true,
    isRanked: false,
  });
  const [errors, setErrors] = useState<ListDetailsErrors>({});
  const [shows, setShows] = useState<PickedShow[]>(initialShow ? [initialShow] : []);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  function next() {
    const found = validateListDetails(details);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  }

  function submit() {
    if (create.isPending) return;
    create.mutate(
      { ...detailsBody(details), items: shows.map((s) => ({ showId: s.id })) },
      {
        onSuccess: (list) => void navigate(`/list/${list.id}`),
        onError: (error) => {
          const fields = pickFieldErrors(apiFieldErrors(error), ['name', 'description']);
          if (fields.name || fields.description) {
            setErrors(fields);
            setStep(0);
          }
        },
      },
    );
  }

  const stepTitle = ['Details', 'Add Shows', 'Review'][step];
  return (
    <div className="mt-8 space-y-8">
      <Steps current={step} />
      <section className="rounded-2xl border border-slate-800 bg-slate-900/40 p-4 sm:p-6">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="mb-5 text-xl font-bold text-white focus:outline-none"
        >
          {stepTitle}
        </h2>
        {step === 0 ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <ListDetailsFields value={details} onChange={setDetails} errors={errors} />
            <div className="mt-6 flex justify-end">
              <Button type="submit" size="lg" disabled={!details.name.trim()}>
                Next: Add Shows
              </Button>
            </div>
          </form>
        ) : step === 1 ? (
          <div className="space-y-6">
            <ShowSearch
              picked={shows}
              onPick={(show) =>
                setShows((current) =>
                  current.some((s) => s.id === show.id) ? current : [...current, show],
                )
              }
            />
            <div>
              <h3 className="mb-3 text-sm font-semibold text-slate-200" aria-live="polite">
                {showsText(shows.length)} selected
              </h3>
              <Picked
                shows={shows}
                ranked={details.isRanked}
                onRemove={(index) => setShows((current) => current.filter((_, i) => i !== index))}
                onMove={(from, to) =>
                  setShows((current) => {
                    const copy = [...current];
                    const [moved] = copy.splice(from, 1);
                    copy.splice(to, 0, moved!);
                    return copy;
                  })
                }
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="secondary" size="lg" onClick={() => setStep(0)}>
                Back: Edit Details
              </Button>
              <Button size="lg" onClick={() => setStep(2)}>
                Next: Review &amp; Create
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-6">
            <div>
              <div className="flex flex-wrap items-center gap-2">
                {details.isRanked ? <RankedBadge /> : null}
                <VisibilityBadge isPublic={details.isPublic} />
              </div>
              <p className="mt-3 text-2xl font-bold break-words text-white">
                {details.name.trim()}
              </p>
              {details.description.trim() ? (
                <p className="mt-2 break-words whitespace-pre-line text-slate-300">
                  {details.description.trim()}
                </p>
              ) : null}
              <p className="mt-2 text-sm text-slate-400">
                {details.isPublic ? 'Anyone can see this list' : 'Only you can see this list'}
              </p>
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold text-slate-200">
                {showsText(shows.length)}
              </h3>
              <Picked shows={shows} ranked={details.isRanked} />
            </div>
            {create.isError ? (
              <FormAlert>Could not create the list: {errorReason(create.error)}.</FormAlert>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button
                variant="secondary"
                size="lg"
                disabled={create.isPending}
                onClick={() => setStep(1)}
              >
                Back: Edit Shows
              </Button>
              <Button size="lg" disabled={create.isPending} onClick={submit}>
                {create.isPending ? (
                  <>
                    <Spinner />
                    Creating...
                  </>
                ) : (
                  'Create List'
                )}
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
