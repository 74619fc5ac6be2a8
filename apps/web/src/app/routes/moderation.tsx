import {
  reportReasonLabels,
  type ModerationAction,
  type QueueItem,
} from '@series-tracker/contracts';
import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useQueue } from '@/features/moderation/api/moderation';
import { ActionDialog, destructive } from '@/features/moderation/components/action-dialog';
import { AuditLog, moderationTime } from '@/features/moderation/components/audit-log';
import { actionLabels } from '@/features/moderation/components/moderation-messages';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { contractText } from '@/i18n/contract-text';
import { pageTitle } from '@/lib/site';
import { NotFoundRoute } from './not-found';

/** /moderation: the open reports grouped by item, and the audit log (moderators only). */
export function ModerationRoute() {
  const intl = useIntl();
  const { status, user, redirect } = useSignedInPage();
  if (redirect) return redirect;
  if (status === 'authenticated' && user?.role === 'member') return <NotFoundRoute />;
  const staff = status === 'authenticated';
  const heading = intl.formatMessage({ id: 'moderation.title', defaultMessage: 'Moderation' });
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(heading)}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{heading}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-400">
        <FormattedMessage
          id="moderation.intro"
          defaultMessage="Open reports, oldest first. Every action is logged and the author is told why by e-mail."
        />
      </p>
      {staff ? (
        <Queue />
      ) : (
        <Spinner
          className="size-6 text-slate-500"
          label={intl.formatMessage({ id: 'moderation.loading', defaultMessage: 'Loading' })}
        />
      )}
      {staff ? <AuditLog /> : null}
    </div>
  );
}

function Queue() {
  const intl = useIntl();
  const queue = useQueue(true);
  if (queue.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner
          className="size-6 text-slate-500"
          label={intl.formatMessage({
            id: 'moderation.loadingReports',
            defaultMessage: 'Loading reports',
          })}
        />
      </div>
    );
  if (queue.isError && !queue.data)
    return (
      <QueryErrorState
        title={intl.formatMessage({
          id: 'moderation.reportsLoadFailed',
          defaultMessage: 'Could not load the reports',
        })}
        query={queue}
      />
    );
  if (queue.data.data.length === 0)
    return (
      <EmptyState
        icon={Inbox}
        title={intl.formatMessage({
          id: 'moderation.noReports',
          defaultMessage: 'No open reports',
        })}
        message={intl.formatMessage({
          id: 'moderation.noReportsHint',
          defaultMessage: 'Everything reported has been handled.',
        })}
      />
    );
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="sr-only">
        <FormattedMessage id="moderation.openReports" defaultMessage="Open reports" />
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
  const intl = useIntl();
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
          <FormattedMessage
            id="moderation.itemFacts"
            defaultMessage="{count, plural, one {# report} other {# reports}}{state, select, hidden { · hidden} removed { · removed} deleted { · deleted} other {}}{suspended, select, yes { · author suspended} other {}}"
            values={{
              count: item.reports.length,
              state: item.state,
              suspended: item.author.suspended ? 'yes' : 'no',
            }}
          />
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-400">
        <FormattedMessage
          id="moderation.byAuthor"
          defaultMessage="By <given>{name}</given> (@{username})"
          values={{
            name: item.author.displayName ?? item.author.username,
            username: item.author.username,
            given: (chunks) => <span dir="auto">{chunks}</span>,
          }}
        />
      </p>
      {item.title || item.text ? (
        <blockquote className="mt-3 rounded-lg border-s-4 border-slate-600 bg-slate-950/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-200">
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
            <FormattedMessage
              id="moderation.reportLine"
              defaultMessage="<why>{reason}</why>{hasDetails, select, yes {: <given>{details}</given>} other {}} <meta>— @{reporter}, {time}</meta>"
              values={{
                reason: contractText(reportReasonLabels[r.reason]),
                hasDetails: r.details ? 'yes' : 'no',
                details: r.details,
                reporter: r.reporter.username,
                time: moderationTime().format(new Date(r.createdAt)),
                why: (chunks) => <span className="font-medium text-amber-200">{chunks}</span>,
                given: (chunks) => <span dir="auto">{chunks}</span>,
                meta: (chunks) => <span className="text-slate-400">{chunks}</span>,
              }}
            />
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
            {intl.formatMessage(actionLabels[a])}
          </Button>
        ))}
      </div>
      {action ? <ActionDialog item={item} action={action} onClose={() => setAction(null)} /> : null}
    </article>
  );
}
