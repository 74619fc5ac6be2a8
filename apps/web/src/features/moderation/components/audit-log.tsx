import type { AuditEntry } from '@series-tracker/contracts';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { perLocale } from '@/i18n';
import { useAudit } from '../api/moderation';
import { auditItem, auditSentences, itemTypeKey } from './moderation-messages';

/** When a report was filed or a decision taken, in the interface's language. */
export const moderationTime = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** The moderation page's log of decisions, newest first. */
export function AuditLog() {
  const intl = useIntl();
  const audit = useAudit(true);
  return (
    <section aria-labelledby="audit-heading" className="mt-10">
      <h2 id="audit-heading" className="flex items-center gap-2 text-xl font-bold text-white">
        <ShieldCheck aria-hidden className="size-5 text-slate-400" />
        <FormattedMessage id="moderation.auditLog" defaultMessage="Audit log" />
      </h2>
      {audit.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner
            className="size-5 text-slate-500"
            label={intl.formatMessage({
              id: 'moderation.auditLoading',
              defaultMessage: 'Loading the audit log',
            })}
          />
        </div>
      ) : audit.isError && !audit.data ? (
        <QueryErrorState
          headingLevel={3}
          title={intl.formatMessage({
            id: 'moderation.auditLoadFailed',
            defaultMessage: 'Could not load the audit log',
          })}
          query={audit}
        />
      ) : audit.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">
          <FormattedMessage id="moderation.auditEmpty" defaultMessage="No actions yet." />
        </p>
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
  const intl = useIntl();
  const moderator = entry.moderator
    ? `@${entry.moderator.username}`
    : intl.formatMessage({ id: 'moderation.deletedModerator', defaultMessage: '@deleted' });
  return (
    <li className="px-4 py-3 text-sm text-slate-300">
      <p>
        {intl.formatMessage(auditSentences[entry.action], {
          moderator,
          who: (chunks: ReactNode[]) => <span className="font-medium text-white">{chunks}</span>,
          item: intl.formatMessage(auditItem, {
            type: itemTypeKey(entry.itemType),
            id: entry.itemId,
          }),
          hasAuthor: entry.author ? 'yes' : 'no',
          author: entry.author?.username ?? '',
          ends: entry.until ? 'later' : 'never',
          date: entry.until ? moderationTime().format(new Date(entry.until)) : '',
          hidden: entry.hiddenCount,
        })}
      </p>
      <p className="mt-0.5 text-slate-400">
        <FormattedMessage
          id="moderation.auditReason"
          defaultMessage="<given>“{reason}”</given> · {time}"
          values={{
            reason: entry.reason,
            given: (chunks) => <span dir="auto">{chunks}</span>,
            time: (
              <time dateTime={entry.createdAt}>
                {moderationTime().format(new Date(entry.createdAt))}
              </time>
            ),
          }}
        />
      </p>
    </li>
  );
}
