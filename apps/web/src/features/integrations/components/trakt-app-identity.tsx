import { Check, X, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { shortClientId, type TraktDecision } from '@series-tracker/contracts';
import { MutationAlert } from '@/components/forms/mutation-error';
import { Button } from '@/components/ui/button';

/**
 * Who is asking, as far as anyone can tell: apps speaking the Trakt API name themselves only
 * by a client id their developer chose (we accept any, ADR 170), so the page shows the id,
 * shortened, and says plainly that the name cannot be checked.
 */
export function TraktAppIdentity({ clientId }: { clientId: string }) {
  const short = shortClientId(clientId);
  return (
    <div className="space-y-2 rounded-xl border border-slate-800 bg-slate-950/60 p-4">
      <p className="text-sm text-slate-300">
        <FormattedMessage
          id="integrations.appAsks"
          defaultMessage="An app with the ID <code>{id}</code> wants to connect to your account."
          values={{
            id: short,
            code: (chunks) => (
              <code
                className="rounded bg-slate-800 px-1.5 py-0.5 font-mono whitespace-nowrap text-slate-100"
                dir="ltr"
              >
                {chunks}
              </code>
            ),
          }}
        />
      </p>
      <p className="text-xs text-slate-400">
        <FormattedMessage
          id="integrations.appUnverified"
          defaultMessage="Apps that work with Trakt identify themselves only by this ID, chosen by their developer, so we cannot tell you the app’s name. Continue only if you just started connecting an app yourself."
        />
      </p>
      {short !== clientId ? (
        <details className="text-xs text-slate-400">
          <summary className="inline-flex min-h-6 cursor-pointer items-center text-violet-300 hover:text-violet-200">
            <FormattedMessage id="integrations.showFullId" defaultMessage="Show the full app ID" />
          </summary>
          <code className="mt-1 block font-mono break-all text-slate-300" dir="ltr">
            {clientId}
          </code>
        </details>
      ) : null}
    </div>
  );
}

const allowed = Object.values(
  defineMessages({
    read: {
      id: 'integrations.allowed.read',
      defaultMessage: 'See what you track: your watchlist, watched episodes, history and ratings',
    },
    scrobble: {
      id: 'integrations.allowed.scrobble',
      defaultMessage: 'Mark episodes watched and update your watchlist (scrobbling)',
    },
  }),
);
const never = Object.values(
  defineMessages({
    account: {
      id: 'integrations.never.account',
      defaultMessage: 'Change your password, e-mail, profile or settings',
    },
    post: { id: 'integrations.never.post', defaultMessage: 'Post reviews or comments' },
  }),
);

/** What a connected app may do with the account, and what it never can. */
export function TraktAppPermissions() {
  const intl = useIntl();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PermissionList
        title={intl.formatMessage({
          id: 'integrations.ableTo',
          defaultMessage: 'It will be able to',
        })}
        lines={allowed}
        icon={Check}
        tone="text-emerald-400"
      />
      <PermissionList
        title={intl.formatMessage({
          id: 'integrations.neverAbleTo',
          defaultMessage: 'It will never be able to',
        })}
        lines={never}
        icon={X}
        tone="text-rose-400"
      />
    </div>
  );
}

function PermissionList({
  title,
  lines,
  icon: Icon,
  tone,
}: {
  title: string;
  lines: MessageDescriptor[];
  icon: LucideIcon;
  tone: string;
}) {
  const intl = useIntl();
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-100">{title}</h2>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-300">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-2">
            <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
            {intl.formatMessage(line)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The member's answer to an app, on the Activate and the Approve page: why saving it failed,
 * then Approve and Deny (and `children`, the page's other buttons).
 */
export function TraktAnswer({
  mutation,
  onAnswer,
  children,
}: {
  mutation: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    variables?: { decision: TraktDecision } | undefined;
  };
  onAnswer: (decision: TraktDecision) => void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <MutationAlert
        mutation={mutation}
        fallback={intl.formatMessage({
          id: 'integrations.answerFailed',
          defaultMessage: 'Could not save your answer. Please try again.',
        })}
      />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onAnswer('approve')} disabled={mutation.isPending}>
          {mutation.isPending && mutation.variables?.decision === 'approve' ? (
            <FormattedMessage id="integrations.approving" defaultMessage="Approving…" />
          ) : (
            <FormattedMessage id="integrations.approve" defaultMessage="Approve" />
          )}
        </Button>
        <Button variant="secondary" onClick={() => onAnswer('deny')} disabled={mutation.isPending}>
          <FormattedMessage id="integrations.deny" defaultMessage="Deny" />
        </Button>
        {children}
      </div>
    </>
  );
}
