import type { ProfileUser } from '@series-tracker/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Ellipsis, Flag } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { activityKeys } from '@/features/activity/api/feed';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ReportDialog } from '@/features/moderation/components/report-dialog';
import { peopleKeys } from '@/features/users/api/people';
import { api, errorReason } from '@/lib/api-client';

const itemClass =
  'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-200 outline-none select-none data-[highlighted]:bg-slate-800 data-[highlighted]:text-white data-[disabled]:opacity-50';

/**
 * The profile's "More" menu (issue 22: Block is not a button beside Follow any more): Report
 * (the moderation dialog, ADR 151; not offered to a suspended member, whose reports would only
 * fail), then Block (asks first: it ends follows both ways) or Unblock. A menu button (Radix:
 * arrow keys, Escape, focus returns to the trigger).
 */
export function ProfileMoreMenu({ profile }: { profile: ProfileUser }) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { user: viewer } = useAuth();
  const name = profile.displayName || profile.username;
  const blocked = profile.isBlocked ?? false;
  const mutation = useMutation({
    mutationFn: (block: boolean) =>
      block
        ? api.post<{ isBlocked: boolean }>(`/users/${profile.id}/block`)
        : api.delete<{ isBlocked: boolean }>(`/users/${profile.id}/block`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: (error) =>
      toast.error(
        intl.formatMessage(
          { id: 'social.blockFailed', defaultMessage: 'Could not change the block: {reason}.' },
          { reason: errorReason(error) },
        ),
      ),
  });
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={intl.formatMessage(
            { id: 'social.moreActions', defaultMessage: 'More actions for {name}' },
            { name },
          )}
          className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-600 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 data-[state=open]:border-slate-500"
        >
          <Ellipsis aria-hidden className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-44 rounded-xl border border-slate-800 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
          >
            {viewer?.suspension ? null : (
              <DropdownMenu.Item className={itemClass} onSelect={() => setReporting(true)}>
                <Flag aria-hidden className="size-4 text-slate-400" />
                <FormattedMessage id="social.report" defaultMessage="Report" />
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={itemClass}
              disabled={mutation.isPending}
              onSelect={() => (blocked ? mutation.mutate(false) : setAsking(true))}
            >
              <Ban aria-hidden className="size-4 text-rose-300" />
              {blocked ? (
                <FormattedMessage id="social.unblock" defaultMessage="Unblock" />
              ) : (
                <FormattedMessage id="social.block" defaultMessage="Block" />
              )}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reporting ? (
        <ReportDialog
          itemType="profile"
          itemId={profile.id}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={intl.formatMessage(
          { id: 'social.blockTitle', defaultMessage: 'Block {name}?' },
          { name },
        )}
        description={intl.formatMessage({
          id: 'social.blockDescription',
          defaultMessage:
            'You stop following each other. They cannot follow you, comment on your reviews or see your activity until you unblock them.',
        })}
      >
        <ConfirmActions
          label={intl.formatMessage({ id: 'social.block', defaultMessage: 'Block' })}
          danger
          onConfirm={() => {
            mutation.mutate(true);
            setAsking(false);
          }}
        />
      </Dialog>
    </>
  );
}
