import { accountMessages, deleteMeBodySchema } from '@series-tracker/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '@/components/forms/password-field';
import { BusyButton } from '@/components/forms/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toaster';
import { needsRecentSignIn } from '@/features/auth/components/confirm-identity';
import { contractText } from '@/i18n/contract-text';
import { useDeleteAccount } from '../api/account';
import { useConfirmChange } from '../hooks/use-confirm-change';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { SettingsSection } from './settings-section';

export function DangerZone() {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { withPassword, run, dialog } = useConfirmChange();
  const remove = useDeleteAccount(run);
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (withPassword) {
      const parsed = deleteMeBodySchema.safeParse({ password });
      if (!parsed.success) {
        setErrors(zodFieldErrors(parsed.error));
        return;
      }
    } else if (!understood) return;
    setErrors({});
    remove.mutate(withPassword ? password : undefined, {
      onSuccess: async () => {
        toast.info(contractText(accountMessages.accountDeleted));
        await navigate('/', { replace: true });
      },
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  }

  const formError = needsRecentSignIn(remove.error)
    ? null
    : formAlertMessage(
        remove,
        intl.formatMessage({
          id: 'account.deleteFailed',
          defaultMessage: 'Could not delete your account. Please try again.',
        }),
      );
  const title = intl.formatMessage({
    id: 'account.deleteAccount',
    defaultMessage: 'Delete account',
  });

  return (
    <SettingsSection
      id="danger"
      title={intl.formatMessage({ id: 'account.dangerTitle', defaultMessage: 'Danger zone' })}
      tone="danger"
    >
      <p className="mb-5 text-sm text-slate-300">
        <FormattedMessage
          id="account.exportBeforeDeleting"
          defaultMessage="Before you go, you can keep a copy of everything (watch history, ratings, reviews, lists, follows): <link>Export my data</link>."
          values={{
            link: (chunks) => (
              <Link
                to="/settings/import"
                className="font-medium text-violet-300 underline hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <h3 className="text-base font-semibold text-white">{title}</h3>
        <p className="text-sm text-slate-300">
          <FormattedMessage
            id="account.deleteWarning"
            defaultMessage="This deletes your account for good: your watchlist, favourites and watch history, and everything you wrote (reviews, comments and lists). It cannot be undone."
          />
        </p>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {withPassword ? (
          <PasswordField
            label={intl.formatMessage({ id: 'account.password', defaultMessage: 'Password' })}
            name="password"
            value={password}
            error={errors.password}
            hint={intl.formatMessage({
              id: 'account.deletePasswordHint',
              defaultMessage: 'Enter your password to confirm.',
            })}
            onValue={setPassword}
          />
        ) : (
          <label className="flex min-h-6 cursor-pointer items-start gap-3 text-sm text-slate-200">
            <input
              type="checkbox"
              className="mt-0.5 size-6 shrink-0 accent-rose-500"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
            <FormattedMessage
              id="account.deleteUnderstood"
              defaultMessage="I understand that my account and everything in it will be gone for good."
            />
          </label>
        )}
        <BusyButton
          type="submit"
          variant="danger"
          disabled={withPassword ? password === '' : !understood}
          busy={remove.isPending}
          busyLabel={intl.formatMessage({ id: 'account.deleting', defaultMessage: 'Deleting...' })}
        >
          <FormattedMessage id="account.deleteMyAccount" defaultMessage="Delete my account" />
        </BusyButton>
      </form>
      {dialog}
    </SettingsSection>
  );
}
