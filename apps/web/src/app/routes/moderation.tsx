import {
  moderationLimits,
  moderationMessages,
  reportReasonLabels,
  type AuditEntry,
  type ModerationAction,
  type QueueItem,
} from '@series-tracker/contracts';
import { Inbox, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '@/components/forms/busy-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useAudit, useModerate, useQueue } from '@/features/moderation/api/moderation';
import { DialogFormFooter } from '@/features/moderation/components/dialog-form-footer';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { serverMessageOr } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { NotFoundRoute } from './not-found';

const heading = 'Moderation';

const actionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  spoiler: 'Mark as spoiler',
  remove: 'Remove',
  suspend: 'Suspend author',
  unsuspend: 'Lift suspension',
};
/** Actions nobody can take back from the queue look destructive (rose), the rest neutral. */
const destructive = (a: ModerationAction) => a === 'remove' || a === 'suspend';
const pastTense: Record<ModerationAction, string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  spoiler: 'marked as spoiler',
  remove: 'removed',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
};
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /moderation: the open reports grouped by item, and the audit log (moderators only). */
export function ModerationRoute() {
  const { status, user, redirect } = useSignedInPage();
  if (redirect) return redirect;
  if (status === 'authenticated' && user?.role === 'member') return <NotFoundRoute />;
  const staff = status === 'authenticated';
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(heading)}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{heading}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-400">
        Open reports, oldest first. Every action is logged and the author is told why by e-mail.
      </p>
      {staff ? <Queue /> : <Spinner className="size-6 text-slate-500" label="Loading" />}
      {staff ? <AuditLog /> : null}
    </div>
  );
}

function Queue() {
  const queue = useQueue(true);
  if (queue.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6 text-slate-500" label="Loading reports" />
      </div>
    );
  if (queue.isError && !queue.data)
    return <QueryErrorState title="Could not load the reports" query={queue} />;
  if (queue.data.data.length === 0)
    return (
      <EmptyState
        icon={Inbox}
        title="No open reports"
        message="Everything reported has been handled."
      />
    );
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="sr-only">
        Open reports
      </h2>
      <ul className="space-y-4">
        {queue.data.data.map((item) => (
          <li key={`${item.itemType}-${item.itemId}`}>
            <QueueCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-white">
          {item.link ? (
            <Link to={item.link} className="hover:underline">
              <span dir="auto">{item.context}</span>
            </Link>
          ) : (
            <span dir="auto">{item.context}</span>
          )}
        </h3>
        <span className="text-xs text-slate-400">
          {item.reports.length} {item.reports.length === 1 ? 'report' : 'reports'}
          {item.state !== 'visible' ? ` · ${item.state}` : ''}
          {item.author.suspended ? ' · author suspended' : ''}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-400">
        By <span dir="auto">{item.author.displayName ?? item.author.username}</span> (@
        {item.author.username})
      </p>
      {item.title || item.text ? (
        <blockquote className="mt-3 rounded-lg border-l-4 border-slate-600 bg-slate-950/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-200">
          {item.title ? (
            <p dir="auto" className="font-semibold">
              {item.title}
            </p>
          ) : null}
          {item.text ? <p dir="auto">{item.text}</p> : null}
        </blockquote>
      ) : null}
      <ul className="mt-3 space-y-1 text-sm text-slate-300">
        {item.reports.map((r) => (
          <li key={r.id}>
            <span className="font-medium text-amber-200">{reportReasonLabels[r.reason]}</span>
            {r.details ? (
              <>
                {': '}
                <span dir="auto">{r.details}</span>
              </>
            ) : null}{' '}
            <span className="text-slate-400">
              — @{r.reporter.username}, {when.format(new Date(r.createdAt))}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {item.actions.map((a) => (
          <Button
            key={a}
            size="sm"
            variant={destructive(a) ? 'danger' : 'secondary'}
            onClick={() => setAction(a)}
          >
            {actionLabels[a]}
          </Button>
        ))}
      </div>
      {action ? <ActionDialog item={item} action={action} onClose={() => setAction(null)} /> : null}
    </article>
  );
}

function ActionDialog({
  item,
  action,
  onClose,
}: {
  item: QueueItem;
  action: ModerationAction;
  onClose: () => void;
}) {
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [hideContent, setHideContent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(moderationMessages.actionReasonRequired);
    const n = Number(days);
    if (
      action === 'suspend' &&
      !forGood &&
      (!Number.isInteger(n) || n < 1 || n > moderationLimits.suspensionDaysMax)
    )
      return setError(moderationMessages.daysInvalid);
    setError(null);
    moderate.mutate(
      {
        itemType: item.itemType,
        itemId: item.itemId,
        body: {
          action,
          reason: reason.trim(),
          ...(action === 'suspend' ? { suspendDays: forGood ? null : n, hideContent } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.info(`Done: ${actionLabels[action].toLowerCase()}.`);
          onClose();
        },
        onError: (e) => setError(serverMessageOr(e, 'Could not save the decision. Try again.')),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${actionLabels[action]}: ${item.context}`}
      description={
        action === 'dismiss'
          ? 'The reports are closed and nothing changes for the author.'
          : 'The author is told by e-mail what happened and why.'
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-200">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            dir="auto"
            rows={3}
            value={reason}
            maxLength={moderationLimits.reasonMax}
            onChange={(e) => setReason(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-white focus:border-indigo-400 focus:outline-none"
          />
        </div>
        {action === 'suspend' ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-200">How long</legend>
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="number"
                min={1}
                max={moderationLimits.suspensionDaysMax}
                value={days}
                disabled={forGood}
                onChange={(e) => setDays(e.target.value)}
                className="w-24 rounded-lg border border-slate-700 bg-slate-950 px-2 py-1 text-white disabled:opacity-50"
                aria-label="Days"
              />
              days
            </label>
            <CheckOption checked={forGood} onChange={setForGood} label="For good" />
            <CheckOption
              checked={hideContent}
              onChange={setHideContent}
              label="Also hide everything they published"
            />
          </fieldset>
        ) : null}
        <DialogFormFooter error={error}>
          <BusyButton
            type="submit"
            variant={destructive(action) ? 'danger' : 'primary'}
            busy={moderate.isPending}
            busyLabel="Saving..."
          >
            {actionLabels[action]}
          </BusyButton>
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}

function AuditLog() {
  const audit = useAudit(true);
  return (
    <section aria-labelledby="audit-heading" className="mt-10">
      <h2 id="audit-heading" className="flex items-center gap-2 text-xl font-bold text-white">
        <ShieldCheck aria-hidden className="size-5 text-slate-400" />
        Audit log
      </h2>
      {audit.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-5 text-slate-500" label="Loading the audit log" />
        </div>
      ) : audit.isError && !audit.data ? (
        <QueryErrorState headingLevel={3} title="Could not load the audit log" query={audit} />
      ) : audit.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No actions yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-800 rounded-2xl border border-slate-800">
          {audit.data.data.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </ol>
      )}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="px-4 py-3 text-sm text-slate-300">
      <p>
        <span className="font-medium text-white">@{entry.moderator?.username ?? 'deleted'}</span>{' '}
        {pastTense[entry.action]} {entry.itemType.replace('-', ' ')} #{entry.itemId}
        {entry.author ? ` by @${entry.author.username}` : ''}
        {entry.action === 'suspend'
          ? entry.until
            ? ` until ${when.format(new Date(entry.until))}`
            : ' for good'
          : ''}
        {entry.hiddenCount ? ` (${entry.hiddenCount} things hidden)` : ''}
      </p>
      <p className="mt-0.5 text-slate-400">
        <span dir="auto">“{entry.reason}”</span> ·{' '}
        <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
      </p>
    </li>
  );
}

function CheckOption({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-200">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
