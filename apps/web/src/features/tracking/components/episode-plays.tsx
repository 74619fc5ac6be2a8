import type { Play } from '@series-tracker/contracts';
import { History, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState, type ButtonHTMLAttributes } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { intl } from '@/i18n';
import { Spinner } from '@/components/ui/spinner';
import { errorReason } from '@/lib/api-client';
import { localIsoDate } from '@/lib/format';
import { useDeletePlay, useEditPlay, useEpisodePlays, useWatchAgain } from '../api/plays';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { formatPlayTime, playSourceLabel } from '../lib/plays';
import { RetryAlert } from './retry-alert';

/** "Watched 3 times", "Watched once", "Not watched yet". */
export function playCountLabel(count: number): string {
  return intl().formatMessage(
    {
      id: 'tracking.playCount',
      defaultMessage:
        '{count, plural, =0 {Not watched yet} =1 {Watched once} =2 {Watched twice} other {Watched # times}}',
    },
    { count },
  );
}

/**
 * The instant a date picked for a play means: that day at the play's own local time of day,
 * never later than now (the server refuses the future).
 */
export function pickedInstant(day: string, original: string, now = new Date()): string {
  const o = new Date(original);
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(y!, m! - 1, d!, o.getHours(), o.getMinutes(), o.getSeconds());
  return new Date(Math.min(at.getTime(), now.getTime())).toISOString();
}

const small =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50';

/**
 * The signed-in member's plays of one episode (ADR 130): how often they watched it, "Watch
 * again", and each play with its date to edit or delete. Nothing for visitors.
 */
export function EpisodePlays({ episodeId, aired }: { episodeId: number; aired: boolean }) {
  const { status } = useRequireSignIn();
  const signedIn = status === 'authenticated';
  const query = useEpisodePlays(episodeId, { enabled: signedIn });
  const again = useWatchAgain(episodeId);
  const headingId = useId();
  const { formatMessage } = useIntl();
  if (!signedIn) return null;
  if (query.isError && !query.data) {
    return (
      <RetryAlert
        className="mt-4"
        message={formatMessage({
          id: 'tracking.playsLoadFailed',
          defaultMessage: 'Could not load your plays of this episode.',
        })}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data)
    return <div className="mt-4 h-9 w-56 animate-pulse rounded bg-slate-800/80" aria-hidden />;
  const plays = query.data;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-xl border border-slate-800 bg-slate-900/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-sm font-semibold text-slate-100"
          data-testid="play-count"
        >
          <History aria-hidden className="size-4 text-violet-300" />
          {playCountLabel(plays.playCount)}
        </h2>
        {plays.playCount > 0 && aired ? (
          <button
            type="button"
            disabled={again.isPending}
            onClick={() => again.mutate()}
            className={`${small} border border-violet-500/50 bg-violet-500/10 text-violet-200 hover:bg-violet-500/20`}
          >
            {again.isPending ? (
              <Spinner className="size-3.5" />
            ) : (
              <RotateCcw aria-hidden className="size-3.5" />
            )}
            <FormattedMessage id="tracking.watchAgain" defaultMessage="Watch again" />
          </button>
        ) : null}
      </div>
      {plays.data.length ? (
        <ul
          className="mt-3 divide-y divide-slate-800"
          aria-label={formatMessage({
            id: 'tracking.playsListLabel',
            defaultMessage: 'Your plays of this episode',
          })}
        >
          {plays.data.map((play) => (
            <PlayRow key={play.id} play={play} currentRun={plays.run} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PlayRow({ play, currentRun }: { play: Play; currentRun: number }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [day, setDay] = useState(() => localIsoDate(new Date(play.watchedAt)));
  const edit = useEditPlay();
  const remove = useDeletePlay();
  const inputId = useId();
  const { formatMessage } = useIntl();
  const when = formatPlayTime(play.watchedAt);
  const source = playSourceLabel(play.source);

  if (mode === 'edit') {
    return (
      <li className="py-2.5">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            edit.mutate(
              { playId: play.id, watchedAt: pickedInstant(day, play.watchedAt) },
              { onSuccess: () => setMode('view') },
            );
          }}
        >
          <label htmlFor={inputId} className="flex flex-col gap-1 text-xs text-slate-400">
            <FormattedMessage id="tracking.watchedOn" defaultMessage="Watched on" />
            <input
              id={inputId}
              type="date"
              required
              value={day}
              max={localIsoDate()}
              onChange={(e) => setDay(e.target.value)}
              className="h-9 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100 [color-scheme:dark]"
            />
          </label>
          <SmallButton
            type="submit"
            disabled={edit.isPending || !day}
            pending={edit.isPending}
            className="bg-violet-600 text-white hover:bg-violet-500"
          >
            <FormattedMessage id="tracking.save" defaultMessage="Save" />
          </SmallButton>
          <SmallButton
            onClick={() => {
              edit.reset();
              setMode('view');
            }}
            className="text-slate-300 hover:bg-slate-800"
          >
            <FormattedMessage id="tracking.cancel" defaultMessage="Cancel" />
          </SmallButton>
          {edit.isError ? (
            <p role="alert" className="w-full text-xs text-rose-300">
              <FormattedMessage
                id="tracking.playDateFailed"
                defaultMessage="Could not change the date: {reason}."
                values={{ reason: errorReason(edit.error) }}
              />
            </p>
          ) : null}
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
      <div className="min-w-0 text-sm">
        <time dateTime={play.watchedAt} className="text-slate-200">
          {when}
        </time>
        <span className="ms-2 inline-flex flex-wrap gap-1.5 align-middle">
          {currentRun > 1 ? (
            <span className="rounded-full bg-slate-800 px-2 py-0.5 text-[11px] text-slate-300">
              <FormattedMessage
                id="tracking.run"
                defaultMessage="Run {run}"
                values={{ run: play.run }}
              />
            </span>
          ) : null}
          {play.rewatch ? (
            <span className="rounded-full bg-violet-500/15 px-2 py-0.5 text-[11px] text-violet-200">
              <FormattedMessage id="tracking.rewatchBadge" defaultMessage="Rewatch" />
            </span>
          ) : null}
          {source ? <span className="text-[11px] text-slate-500">{source}</span> : null}
        </span>
      </div>
      {mode === 'delete' ? (
        <div
          className="flex items-center gap-1.5"
          role="group"
          aria-label={formatMessage({
            id: 'tracking.deletePlayQuestion',
            defaultMessage: 'Delete this play?',
          })}
        >
          <span className="text-xs text-slate-300">
            <FormattedMessage id="tracking.deletePlayQuestion" defaultMessage="Delete this play?" />
          </span>
          <SmallButton
            disabled={remove.isPending}
            onClick={() => remove.mutate({ playId: play.id })}
            pending={remove.isPending}
            className="bg-rose-600 text-white hover:bg-rose-500"
          >
            <FormattedMessage id="tracking.delete" defaultMessage="Delete" />
          </SmallButton>
          <SmallButton
            onClick={() => setMode('view')}
            className="text-slate-300 hover:bg-slate-800"
          >
            <FormattedMessage id="tracking.keep" defaultMessage="Keep" />
          </SmallButton>
        </div>
      ) : (
        <div className="flex items-center gap-1">
          <SmallButton
            aria-label={formatMessage(
              {
                id: 'tracking.editPlayDate',
                defaultMessage: 'Edit the date of the play on {when}',
              },
              { when },
            )}
            onClick={() => setMode('edit')}
            className="text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <Pencil aria-hidden className="size-3.5" />
            <FormattedMessage id="tracking.edit" defaultMessage="Edit" />
          </SmallButton>
          <SmallButton
            aria-label={formatMessage(
              { id: 'tracking.deletePlay', defaultMessage: 'Delete the play on {when}' },
              { when },
            )}
            onClick={() => setMode('delete')}
            className="text-slate-300 hover:bg-slate-800 hover:text-rose-200"
          >
            <Trash2 aria-hidden className="size-3.5" />
            <FormattedMessage id="tracking.delete" defaultMessage="Delete" />
          </SmallButton>
        </div>
      )}
    </li>
  );
}

/** One of a play's small buttons; `pending` puts a spinner before its words. */
function SmallButton({
  type = 'button',
  pending = false,
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { type?: 'button' | 'submit'; pending?: boolean }) {
  return (
    <button type={type} className={`${small} ${className}`} {...props}>
      {pending ? <Spinner className="size-3.5" /> : null}
      {children}
    </button>
  );
}
