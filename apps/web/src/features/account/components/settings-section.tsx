import { CircleCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ItemList } from '@/components/settings/item-list';
import { BusyButton } from '@/components/forms/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** One card of the settings page: a heading, a line on what it is for, its own form. */
export function SettingsSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'rounded-2xl border bg-slate-900/60 p-5 sm:p-6',
        tone === 'danger' ? 'border-rose-500/40' : 'border-slate-800',
      )}
    >
      <h2
        id={`${id}-heading`}
        className={cn(
          'text-lg font-bold tracking-tight',
          tone === 'danger' ? 'text-rose-200' : 'text-white',
        )}
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-400">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** "Saved" after a section's save; announced politely. */
export function SavedNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-emerald-300">
      <CircleCheck aria-hidden className="size-4 shrink-0" />
      {children}
    </p>
  );
}

/**
 * A form's last row: its submit button (`busyLabel` while the save runs) and, once the save
 * succeeded, what was saved (`saved`, when there is something to say) as a `SavedNote`.
 */
export function SubmitRow({
  label,
  mutation,
  busyLabel,
  disabled = false,
  saved,
}: {
  label: string;
  mutation: { isPending: boolean; isSuccess: boolean };
  busyLabel?: string;
  disabled?: boolean;
  saved: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <BusyButton
        type="submit"
        busy={mutation.isPending}
        busyLabel={
          busyLabel ?? intl.formatMessage({ id: 'account.saving', defaultMessage: 'Saving...' })
        }
        disabled={disabled}
      >
        {label}
      </BusyButton>
      {mutation.isSuccess && saved ? <SavedNote>{saved}</SavedNote> : null}
    </div>
  );
}

/**
 * A section's settings that did not load: the reason and a way to ask again. `what` names
 * them ("this setting"); without it, "these settings".
 */
export function SettingsLoadError({
  what,
  query,
}: {
  what?: string;
  query: { error: unknown; refetch: () => unknown };
}) {
  const reason = errorReason(query.error);
  const retry = (chunks: ReactNode[]) => (
    <button type="button" className="underline" onClick={() => void query.refetch()}>
      {chunks}
    </button>
  );
  return (
    <FormAlert>
      {what ? (
        <FormattedMessage
          id="account.loadWhatFailed"
          defaultMessage="Could not load {what}: {reason}. <retry>Try again</retry>"
          values={{ what, reason, retry }}
        />
      ) : (
        <FormattedMessage
          id="account.loadSettingsFailed"
          defaultMessage="Could not load these settings: {reason}. <retry>Try again</retry>"
          values={{ reason, retry }}
        />
      )}
    </FormAlert>
  );
}

/**
 * A settings form once its saved values are in: a `skeleton` bar (its class sizes it) while
 * they load, `SettingsLoadError` (about `what`) if they could not, else `children(data)`.
 */
export function SettingsLoaded<T>({
  query,
  skeleton = 'h-40 w-full',
  what,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    data: T | undefined;
  };
  skeleton?: string;
  what?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={skeleton} />;
  if (query.isError || query.data === undefined)
    return <SettingsLoadError what={what} query={query} />;
  return children(query.data);
}

/** What a section's data query tells it. */
interface SectionQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A section's data while it loads (skeleton rows of the `rows` heights, named for readers) or
 * after it failed to load (an error with a retry); nothing once it is in.
 */
export function SectionQueryState({
  query,
  loadingLabel,
  rows = ['h-16'],
  failedTitle,
}: {
  query: SectionQuery;
  loadingLabel: string;
  rows?: string[];
  failedTitle: string;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-3" aria-label={loadingLabel}>
        {rows.map((height, i) => (
          <Skeleton key={i} className={`${height} w-full`} />
        ))}
      </div>
    );
  }
  if (!query.isError) return null;
  return <QueryErrorState query={query} title={failedTitle} headingLevel={3} />;
}

/** A section's data drawn by `children` once it is in; `SectionQueryState` until then. */
export function SectionLoaded<T>({
  query,
  children,
  ...state
}: {
  query: SectionQuery & { data: T | undefined };
  loadingLabel: string;
  rows?: string[];
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || query.isError || query.data === undefined)
    return <SectionQueryState query={query} {...state} />;
  return children(query.data);
}

/**
 * A section's list of the member's things (tokens, apps): loading and failed states, an empty
 * state (`empty`), else an `ItemList` named `label` with a row (`row`) per item.
 */
export function SectionItems<T>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  label,
  row,
}: {
  query: SectionQuery & { data: T[] | undefined };
  loadingLabel: string;
  failedTitle: string;
  empty: { icon: LucideIcon; title: string; message: string };
  label: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <SectionLoaded query={query} loadingLabel={loadingLabel} failedTitle={failedTitle}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState {...empty} headingLevel={3} className="py-8" />
        ) : (
          <ItemList label={label}>{items.map(row)}</ItemList>
        )
      }
    </SectionLoaded>
  );
}
