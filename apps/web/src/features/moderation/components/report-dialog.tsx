import {
  moderationLimits,
  moderationMessages,
  reportReasonLabels,
  reportReasons,
  type ReportItemType,
  type ReportReason,
} from '@series-tracker/contracts';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BusyButton } from '@/components/forms/busy-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { contractText } from '@/i18n/contract-text';
import { serverMessageOr } from '@/lib/api-client';
import { useReport } from '../api/moderation';
import { DialogFormFooter } from './dialog-form-footer';
import { reportTitles } from './moderation-messages';

/**
 * "Report" on a review, comment, list or profile: a dialog asks why (spam, abuse, unmarked
 * spoilers, other + a few words) and sends one report. Hidden for anonymous visitors and on
 * one's own things (the caller decides).
 */
export function ReportButton({
  itemType,
  itemId,
  size = 'sm',
}: {
  itemType: ReportItemType;
  itemId: number;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  // A suspended member cannot report (a write): no button that would only fail.
  const { user } = useAuth();
  if (user?.suspension) return null;
  return (
    <>
      <Button variant="ghost" size={size} onClick={() => setOpen(true)}>
        <Flag aria-hidden className="size-4" />
        <FormattedMessage id="moderation.report" defaultMessage="Report" />
      </Button>
      {open ? (
        <ReportDialog itemType={itemType} itemId={itemId} open={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}

export function ReportDialog({
  itemType,
  itemId,
  open,
  onOpenChange,
}: {
  itemType: ReportItemType;
  itemId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError(contractText(moderationMessages.reasonRequired));
    if (reason === 'other' && !details.trim())
      return setError(contractText(moderationMessages.detailsRequired));
    setError(null);
    report.mutate(
      { itemType, itemId, reason, ...(details.trim() ? { details: details.trim() } : {}) },
      {
        onSuccess: () => {
          toast.info(contractText(moderationMessages.reported));
          onOpenChange(false);
        },
        onError: (e) =>
          setError(
            serverMessageOr(
              e,
              intl.formatMessage({
                id: 'moderation.reportFailed',
                defaultMessage: 'Could not send the report. Try again.',
              }),
            ),
          ),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(reportTitles[itemType])}
      description={intl.formatMessage({
        id: 'moderation.reportDescription',
        defaultMessage: 'Moderators read every report. The author is not told who reported it.',
      })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-200">
            <FormattedMessage id="moderation.whatIsWrong" defaultMessage="What is wrong?" />
          </legend>
          <div className="mt-2 space-y-2">
            {reportReasons.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-700 px-3 py-2 text-sm text-slate-200 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-500/10"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="accent-indigo-500"
                />
                {contractText(reportReasonLabels[r])}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-details`} className="text-sm font-medium text-slate-200">
            {reason === 'other'
              ? intl.formatMessage({ id: 'moderation.details', defaultMessage: 'Details' })
              : intl.formatMessage({
                  id: 'moderation.detailsOptional',
                  defaultMessage: 'Details (optional)',
                })}
          </label>
          <textarea
            id={`${id}-details`}
            dir="auto"
            value={details}
            maxLength={moderationLimits.detailsMax}
            onChange={(e) => setDetails(e.target.value)}
            rows={3}
            className="mt-1 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none"
            placeholder={intl.formatMessage({
              id: 'moderation.detailsPlaceholder',
              defaultMessage: 'Anything a moderator should know',
            })}
          />
        </div>
        <DialogFormFooter error={error}>
          <BusyButton
            type="submit"
            busy={report.isPending}
            busyLabel={intl.formatMessage({
              id: 'moderation.sending',
              defaultMessage: 'Sending...',
            })}
          >
            <FormattedMessage id="moderation.sendReport" defaultMessage="Send report" />
          </BusyButton>
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
