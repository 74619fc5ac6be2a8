import {
  authLimits,
  authMessages,
  registerFormSchema,
  securityMessages,
} from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormFields } from '@/components/forms/use-form-fields';
import { Button } from '@/components/ui/button';
import { RequestAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { pickFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import type { RegisterInput } from '../api/register';
import { getSetup, securityKeys } from '../api/security';
import { useRegister } from '../hooks/use-session-actions';
import { DisplayNameField, UsernameField } from './name-fields';
import { RegistrationSent } from './registration-sent';

const fields = ['username', 'email', 'displayName', 'password', 'confirmPassword'] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const emptyValues: Values = {
  username: '',
  email: '',
  displayName: '',
  password: '',
  confirmPassword: '',
};

function isField(key: string): key is Field {
  return (fields as readonly string[]).includes(key);
}

/** The server's message already shows on one of this form's fields (a taken username). */
function repeatsAFieldMessage(error: unknown): boolean {
  if (!isApiError(error) || !error.details) return false;
  return Object.entries(error.details).some(
    ([key, message]) => isField(key) && message === error.message,
  );
}

export interface RegisterFormProps {
  /** Where "Sign in" points (keeps a `?next=` target across the switch). */
  loginHref?: string;
}

/** A registration the server took (202): what was sent, and the address it names. */
interface Sent {
  input: RegisterInput;
  email: string;
  /** The server has no SMTP: the panel says where the mail went (ADR 173). */
  mailOutbox: boolean;
}

const linkClass =
  'rounded font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/**
 * Sign-up (spec §2 Register). The server answers every accepted registration with a 202 and
 * a mailed link (ADR 152), so success replaces the form with "Check your e-mail"; nobody is
 * signed in until the link is used (/finish-registration).
 */
export function RegisterForm({ loginHref = '/login' }: RegisterFormProps) {
  const intl = useIntl();
  const {
    values,
    errors: fieldErrors,
    setErrors: setFieldErrors,
    field,
  } = useFormFields<Field>(emptyValues, { retireOnEdit: true });
  const [sent, setSent] = useState<Sent | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusEmail = useRef(false);
  const registerMutation = useRegister();
  // An empty site's first registration makes its administrator at once (ADR 173).
  const setup = useQuery({ queryKey: securityKeys.setup, queryFn: getSetup, staleTime: 10_000 });
  const firstRun = setup.data?.firstRun === true;

  useEffect(() => {
    // Back from "Check your e-mail": where a wrong address is mended, the values all kept.
    if (sent || !focusEmail.current) return;
    focusEmail.current = false;
    const email = formRef.current?.elements.namedItem('email');
    if (email instanceof HTMLInputElement) email.focus();
  }, [sent]);

  const isSending = registerMutation.isPending;
  const passwordsDiffer =
    values.confirmPassword !== '' && values.confirmPassword !== values.password;
  const requiredFilled =
    values.username.trim() !== '' &&
    values.email.trim() !== '' &&
    values.password !== '' &&
    values.confirmPassword !== '';
  const canSubmit = requiredFilled && !passwordsDiffer && !isSending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!canSubmit) return;
    registerMutation.reset();

    const parsed = registerFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = pickFieldErrors(zodFieldErrors(parsed.error), fields);
      setFieldErrors(errors);
      // Take the keyboard to the first field that needs fixing.
      const first = fields.find((field) => errors[field]);
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }

    setFieldErrors({});
    const { username, email, password, displayName } = parsed.data;
    const input: RegisterInput = { username, email, password, displayName };
    registerMutation.mutate(input, {
      onSuccess: (response) => {
        // The first account is signed in: the register page sends it on (RegisterRoute).
        if ('token' in response) return;
        setSent({
          input,
          email: response.email || email,
          mailOutbox: response.mailOutbox === true,
        });
      },
      onError: (error) => {
        // A 400 (or a taken username's 409) names the offending fields with the same
        // messages the form uses; those show on their fields, not again above the form.
        if (!isApiError(error) || !error.details) return;
        setFieldErrors(pickFieldErrors(error.details, fields));
      },
    });
  }

  function changeDetails() {
    registerMutation.reset();
    focusEmail.current = true;
    setSent(null);
  }

  if (sent) {
    return (
      <RegistrationSent
        sent={sent.input}
        email={sent.email}
        mailOutbox={sent.mailOutbox}
        onChangeDetails={changeDetails}
        loginHref={loginHref}
      />
    );
  }

  // Each message is said once: one the server put on a field is not repeated above the form.
  const showAlert = registerMutation.isError && !repeatsAFieldMessage(registerMutation.error);

  const confirmError =
    fieldErrors.confirmPassword ??
    (passwordsDiffer ? contractText(authMessages.passwordsDoNotMatch) : undefined);

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className="space-y-5"
      aria-label={intl.formatMessage({
        id: 'auth.createAccountForm',
        defaultMessage: 'Create account',
      })}
    >
      {firstRun ? (
        <p className="flex gap-3 rounded-xl border border-amber-400/30 bg-amber-400/10 p-3 text-sm text-amber-100">
          <Crown aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span>{contractText(securityMessages.firstRunNotice)}</span>
        </p>
      ) : null}

      {showAlert ? (
        <RequestAlert
          error={registerMutation.error}
          fallback={contractText(authMessages.registrationFailed)}
        />
      ) : null}

      <UsernameField
        label={intl.formatMessage({ id: 'auth.username', defaultMessage: 'Username' })}
        {...field('username')}
        hint={intl.formatMessage(
          {
            id: 'auth.usernameHint',
            defaultMessage:
              '{min, number}–{max, plural, one {# character} other {# characters}}: letters, digits, _ and -',
          },
          { min: authLimits.usernameMin, max: authLimits.usernameMax },
        )}
      />

      <TextField
        label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
        type="email"
        autoComplete="email"
        maxLength={authLimits.emailMax}
        {...field('email')}
      />

      <DisplayNameField
        label={intl.formatMessage({
          id: 'auth.displayNameOptional',
          defaultMessage: 'Display Name (Optional)',
        })}
        {...field('displayName')}
      />

      <TextField
        label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
        type="password"
        autoComplete="new-password"
        {...field('password')}
        hint={intl.formatMessage(
          {
            id: 'auth.passwordHint',
            defaultMessage:
              '{min, plural, one {At least # character} other {At least # characters}}',
          },
          { min: authLimits.passwordMin },
        )}
      />

      <TextField
        label={intl.formatMessage({
          id: 'auth.confirmPassword',
          defaultMessage: 'Confirm Password',
        })}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
        error={confirmError}
      />

      <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
        {isSending ? (
          <>
            <Spinner />
            <FormattedMessage id="auth.creatingAccount" defaultMessage="Creating Account..." />
          </>
        ) : (
          <FormattedMessage id="auth.createAccountButton" defaultMessage="Create Account" />
        )}
      </Button>

      <p className="text-center text-sm text-slate-400">
        <FormattedMessage
          id="auth.haveAccount"
          defaultMessage="Already have an account? <link>Sign in</link>"
          values={{
            link: (chunks) => (
              <Link to={loginHref} className={linkClass}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </form>
  );
}
