import { EmailAddress } from '@/components/ui/email-address';
import {
  accountMessages,
  changePasswordFormSchema,
  updateMeBodySchema,
  type CurrentUser,
} from '@series-tracker/contracts';
import { BadgeCheck, CircleAlert, MailCheck } from 'lucide-react';
import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { MutationError } from '@/components/forms/mutation-error';
import { MutationAction } from '@/components/settings/mutation-action';
import { PasswordField } from '@/components/forms/password-field';
import { BusyButton } from '@/components/forms/busy-button';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { needsRecentSignIn } from '@/features/auth/components/confirm-identity';
import { contractText } from '@/i18n/contract-text';
import { useChangePassword, useResendVerification, useUpdateMe } from '../api/account';
import { useConfirmChange } from '../hooks/use-confirm-change';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { SavedNote, SettingsSection, SubmitRow } from './settings-section';
import { NewPasswordFields } from './new-password-fields';

/** The member's current password, which changing the e-mail address or the password asks for. */
function CurrentPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'label' | 'name'>) {
  const intl = useIntl();
  return (
    <PasswordField
      label={intl.formatMessage({
        id: 'account.currentPassword',
        defaultMessage: 'Current Password',
      })}
      name="currentPassword"
      {...props}
    />
  );
}

export function AccountSection({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  return (
    <SettingsSection
      id="account"
      title={intl.formatMessage({ id: 'account.accountTitle', defaultMessage: 'Account' })}
    >
      <EmailForm user={user} />
      <div className="my-6 h-px bg-slate-800" />
      <ChangePasswordForm />
    </SettingsSection>
  );
}

function VerifiedState({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const resend = useResendVerification();
  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-emerald-300">
        <BadgeCheck aria-hidden className="size-4" />
        <FormattedMessage id="account.verified" defaultMessage="Verified" />
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-1.5 text-sm text-amber-300">
        <CircleAlert aria-hidden className="size-4" />
        <FormattedMessage
          id="account.notVerified"
          defaultMessage="Not verified yet: open the link we sent to this address."
        />
      </p>
      <MutationAction
        mutation={resend}
        label={intl.formatMessage({
          id: 'account.resendConfirmation',
          defaultMessage: 'Resend confirmation email',
        })}
        busyLabel={intl.formatMessage({ id: 'account.sending', defaultMessage: 'Sending...' })}
        fallback={intl.formatMessage({
          id: 'account.sendEmailFailed',
          defaultMessage: 'Could not send the email. Please try again.',
        })}
      >
        {resend.isSuccess ? <SavedNote>{resend.data.message}</SavedNote> : null}
      </MutationAction>
    </div>
  );
}

/**
 * A new address waits for the link mailed to it (ADR 152): the address in force stays until
 * then. Sending again asks for the password, like any change; cancelling sets the address
 * back to the one in force.
 */
function PendingEmailNote({
  user,
  pendingEmail,
  onSendAgain,
}: {
  user: CurrentUser;
  pendingEmail: string;
  onSendAgain: () => void;
}) {
  const intl = useIntl();
  const cancel = useUpdateMe();
  return (
    <div className="space-y-3 rounded-lg border border-sky-500/30 bg-sky-500/10 p-3 text-sm text-sky-100">
      <p role="status" className="flex gap-1.5">
        <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
        <span className="min-w-0">
          <FormattedMessage
            id="account.pendingEmail"
            defaultMessage="Check {pending} for a link to confirm the change. Until then your address stays {current}."
            values={{
              pending: <EmailAddress email={pendingEmail} />,
              current: <EmailAddress email={user.email} />,
            }}
          />
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" type="button" onClick={onSendAgain}>
          <FormattedMessage id="account.sendLinkAgain" defaultMessage="Send the link again" />
        </Button>
        <BusyButton
          variant="ghost"
          size="sm"
          type="button"
          onClick={() => cancel.mutate({ email: user.email })}
          busy={cancel.isPending}
          busyLabel={intl.formatMessage({
            id: 'account.cancelling',
            defaultMessage: 'Cancelling...',
          })}
        >
          <FormattedMessage id="account.cancelChange" defaultMessage="Cancel the change" />
        </BusyButton>
      </div>
      <MutationError
        mutation={cancel}
        fallback={intl.formatMessage({
          id: 'account.cancelChangeFailed',
          defaultMessage: 'Could not cancel the change. Please try again.',
        })}
      />
    </div>
  );
}

function EmailForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { withPassword, run, dialog } = useConfirmChange();
  const save = useUpdateMe(run);
  const passwordId = useId();
  const changing = email.trim().toLowerCase() !== user.email.toLowerCase();
  const resending =
    user.pendingEmail !== null && email.trim().toLowerCase() === user.pendingEmail.toLowerCase();

  function sendAgain() {
    // The field shows the pending address and the password field appears: it takes the focus.
    flushSync(() => {
      setEmail(user.pendingEmail ?? user.email);
      setErrors({});
    });
    save.reset();
    document.getElementById(passwordId)?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = updateMeBodySchema.safeParse({ email });
    if (!parsed.success) Object.assign(found, zodFieldErrors(parsed.error));
    if (changing && withPassword && !currentPassword)
      found.currentPassword = contractText(accountMessages.currentPasswordRequired);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      save.reset();
      return;
    }
    setErrors({});
    save.mutate(withPassword ? { email: email.trim(), currentPassword } : { email: email.trim() }, {
      onSuccess: (updated) => {
        setCurrentPassword('');
        // The address in force: a new one only counts once its link is opened.
        setEmail(updated.email);
      },
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  }

  const formError = needsRecentSignIn(save.error)
    ? null
    : formAlertMessage(
        save,
        intl.formatMessage({
          id: 'account.changeEmailFailed',
          defaultMessage: 'Could not change your email. Please try again.',
        }),
      );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={intl.formatMessage({ id: 'account.emailForm', defaultMessage: 'Email address' })}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="space-y-2">
        <TextField
          label={intl.formatMessage({ id: 'account.email', defaultMessage: 'Email' })}
          name="email"
          type="email"
          autoComplete="email"
          dir="auto"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <VerifiedState user={user} />
      </div>
      {user.pendingEmail ? (
        <PendingEmailNote user={user} pendingEmail={user.pendingEmail} onSendAgain={sendAgain} />
      ) : null}
      {dialog}
      {changing && withPassword ? (
        <CurrentPasswordField
          id={passwordId}
          value={currentPassword}
          error={errors.currentPassword}
          hint={intl.formatMessage({
            id: 'account.currentPasswordHint',
            defaultMessage: 'Needed to change your email address.',
          })}
          onValue={setCurrentPassword}
        />
      ) : null}
      <SubmitRow
        label={
          resending
            ? intl.formatMessage({
                id: 'account.sendLinkAgain',
                defaultMessage: 'Send the link again',
              })
            : intl.formatMessage({ id: 'account.changeEmail', defaultMessage: 'Change email' })
        }
        mutation={save}
        disabled={!changing}
        saved={!changing && !save.data?.pendingEmail && contractText(accountMessages.emailSaved)}
      />
    </form>
  );
}

function ChangePasswordForm() {
  const intl = useIntl();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse({
      currentPassword,
      newPassword,
      confirmPassword,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      change.reset();
      return;
    }
    setErrors({});
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
        },
        onError: (error) => setErrors(apiFieldErrors(error)),
      },
    );
  }

  const formError = formAlertMessage(
    change,
    intl.formatMessage({
      id: 'account.changePasswordFailed',
      defaultMessage: 'Could not change your password. Please try again.',
    }),
  );
  const title = intl.formatMessage({
    id: 'account.changePassword',
    defaultMessage: 'Change password',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={title}>
      <h3 className="text-base font-semibold text-white">{title}</h3>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <CurrentPasswordField
        value={currentPassword}
        error={errors.currentPassword}
        onValue={setCurrentPassword}
      />
      <NewPasswordFields
        name="newPassword"
        password={newPassword}
        confirm={confirmPassword}
        errors={errors}
        onPassword={setNewPassword}
        onConfirm={setConfirmPassword}
      />
      <SubmitRow label={title} mutation={change} saved={change.data?.message} />
    </form>
  );
}
