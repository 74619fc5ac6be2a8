import {
  moderationLimits,
  moderationMessages,
  type ModerationAction,
  type QueueItem,
} from '@series-tracker/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BusyButton } from '@/components/forms/busy-button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { contractText } from '@/i18n/contract-text';
import { serverMessageOr } from '@/lib/api-client';
import { useModerate } from '../api/moderation';
import { DialogFormFooter } from './dialog-form-footer';
import { actionLabels, doneToasts, moderationWords } from './moderation-messages';

/** Actions nobody can take back from the queue look destructive (rose), the rest neutral. */
export const destructive = (a: ModerationAction) => a === 'remove' || a === 'suspend';

/** One decision on a reported item: why (the author is told), and for a suspension how long. */
export function ActionDialog({
  item,
  action,
  onClose,
}: {
  item: QueueItem;
  action: ModerationAction;
  onClose: () => void;
}) {
  const intl = useIntl();
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [hideContent, setHideContent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const label = intl.formatMessage(actionLabels[action]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(contractText(moderationMessages.actionReasonRequired));
    const n = Number(days);
    if (
      action === 'suspend' &&
      !forGood &&
      (!Number.isInteger(n) || n < 1 || n > moderationLimits.suspensionDaysMax)
    )
      return setError(contractText(moderationMessages.daysInvalid));
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
          toast.info(intl.formatMessage(doneToasts[action]));
          onClose();
        },
        onError: (e) =>
          setError(
            serverMessageOr(
              e,
              intl.formatMessage({
                id: 'moderation.decisionFailed',
                defaultMessage: 'Could not save the decision. Try again.',
              }),
            ),
          ),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={intl.formatMessage(
        { id: 'moderation.actionTitle', defaultMessage: '{action}: {context}' },
        { action: label, context: item.context },
      )}
      description={
        action === 'dismiss'
          ? intl.formatMessage({
              id: 'moderation.dismissDescription',
              defaultMessage: 'The reports are closed and nothing changes for the author.',
            })
          : intl.formatMessage({
              id: 'moderation.actionDescription',
              defaultMessage: 'The author is told by e-mail what happened and why.',
            })
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-200">
            <FormattedMessage id="moderation.reason" defaultMessage="Reason" />
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
            <legend className="text-sm font-medium text-slate-200">
              <FormattedMessage id="moderation.howLong" defaultMessage="How long" />
            </legend>
            <label
              htmlFor={`${id}-days`}
              className="flex items-center gap-2 text-sm text-slate-200"
            >
              <FormattedMessage
                id="moderation.daysField"
                defaultMessage="{field} days"
                values={{
                  field: (
                    <input
                      id={`${id}-days`}
                      type="number"
                      min={1}
                      max={moderationLimits.suspensionDaysMax}
                      value={days}
                      disabled={forGood}
                      onChange={(e) => setDays(e.target.value)}
                      className="w-24 rounded-lg border border-slate-700 bg-slate-950 px-2 py-1 text-white disabled:opacity-50"
                      aria-label={intl.formatMessage({
                        id: 'moderation.days',
                        defaultMessage: 'Days',
                      })}
                    />
                  ),
                }}
              />
            </label>
            <CheckOption
              checked={forGood}
              onChange={setForGood}
              label={intl.formatMessage({ id: 'moderation.forGood', defaultMessage: 'For good' })}
            />
            <CheckOption
              checked={hideContent}
              onChange={setHideContent}
              label={intl.formatMessage({
                id: 'moderation.hideEverything',
                defaultMessage: 'Also hide everything they published',
              })}
            />
          </fieldset>
        ) : null}
        <DialogFormFooter error={error}>
          <BusyButton
            type="submit"
            variant={destructive(action) ? 'danger' : 'primary'}
            busy={moderate.isPending}
            busyLabel={intl.formatMessage(moderationWords.saving)}
          >
            {label}
          </BusyButton>
        </DialogFormFooter>
      </form>
    </Dialog>
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
