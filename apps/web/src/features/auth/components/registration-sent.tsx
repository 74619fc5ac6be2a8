import { EmailAddress } from '@/components/ui/email-address';
import { authLimits, authMessages, securityMessages } from '@series-tracker/contracts';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { contractText } from '@/i18n/contract-text';
import type { RegisterInput } from '../api/register';
import { useRegister } from '../hooks/use-session-actions';
import { StepHeading } from './step-heading';

export interface RegistrationSentProps {
  /** The registration as it was sent: "Send the link again" sends it once more. */
  sent: RegisterInput;
  /** The address to show (the server's echo of what was typed). */
  email: string;
  /** No SMTP on this server: say where the mail went, the same for any address (ADR 173). */
  mailOutbox?: boolean;
  /** Back to the form, its values kept. */
  onChangeDetails: () => void;
  loginHref: string;
}

const linkClass =
  'rounded font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/**
 * What the register form turns into after the 202 (ADR 152): the same words whether or not
 * the address has an account, so the screen says nothing about who is registered.
 */
export function RegistrationSent({
  sent,
  email,
  mailOutbox = false,
  onChangeDetails,
  loginHref,
}: RegistrationSentProps) {
  const intl = useIntl();
  const headingId = useId();
  const resend = useRegister();

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <StepHeading
        id={headingId}
        icon={MailCheck}
        title={intl.formatMessage({ id: 'auth.checkEmail', defaultMessage: 'Check your e-mail' })}
      />
      <p className="text-sm text-slate-300">
        <FormattedMessage
          id="auth.registrationLinkSent"
          defaultMessage="We sent a link to {email}. Open it within {hours, plural, one {# hour} other {# hours}} to finish creating your account."
          values={{ email: <EmailAddress email={email} />, hours: authLimits.registrationHours }}
        />
      </p>
      <p className="text-sm text-slate-400">
        <FormattedMessage
          id="auth.registrationNotThere"
          defaultMessage="Not there? Look in your spam folder, or send it again."
        />
      </p>
      {mailOutbox ? (
        <p className="rounded-xl border border-slate-700 bg-slate-800/60 p-3 text-sm break-words text-slate-300">
          {contractText(securityMessages.noSmtpNotice)}
        </p>
      ) : null}

      {resend.isError ? (
        <RequestAlert
          error={resend.error}
          fallback={contractText(authMessages.registrationFailed)}
        />
      ) : null}
      {/* Always in the page, so "Sent again." is announced each time it appears. */}
      <p role="status" className="text-sm text-emerald-200 empty:hidden">
        {resend.isSuccess ? (
          <span className="flex items-center gap-2">
            <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-300" />
            <FormattedMessage id="auth.sentAgain" defaultMessage="Sent again." />
          </span>
        ) : null}
      </p>

      <div className="space-y-3">
        <Button
          size="lg"
          className="w-full"
          disabled={resend.isPending}
          onClick={() => resend.mutate(sent)}
        >
          {resend.isPending ? (
            <>
              <Spinner />
              <FormattedMessage id="auth.sending" defaultMessage="Sending..." />
            </>
          ) : (
            <FormattedMessage id="auth.sendLinkAgain" defaultMessage="Send the link again" />
          )}
        </Button>
        <Button variant="secondary" size="lg" className="w-full" onClick={onChangeDetails}>
          <FormattedMessage id="auth.useDifferentDetails" defaultMessage="Use different details" />
        </Button>
      </div>

      <p className="text-center text-sm text-slate-400">
        <Link to={loginHref} className={linkClass}>
          <FormattedMessage id="auth.backToSignIn" defaultMessage="Back to sign in" />
        </Link>
      </p>
    </section>
  );
}
