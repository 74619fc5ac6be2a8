import { CircleCheck, CircleX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  formatUserCode,
  traktDeviceLookupSchema,
  traktOAuthLimits,
  type TraktDecision,
  type TraktDeviceRequest,
} from '@series-tracker/contracts';
import { MutationAlert } from '@/components/forms/mutation-error';
import { BusyButton } from '@/components/forms/busy-button';
import { Button, buttonStyles } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { contractText } from '@/i18n/contract-text';
import { useDecideDeviceCode, useLookupDeviceCode } from '../api/trakt-apps';
import { TraktAnswer, TraktAppIdentity, TraktAppPermissions } from './trakt-app-identity';

/**
 * /activate (the device flow's verification_url, ADR 170): the member types the code their
 * TV or script shows, sees which app is asking, and approves or denies it.
 */
export function DeviceActivation({ initialCode }: { initialCode: string }) {
  const intl = useIntl();
  const [code, setCode] = useState(initialCode);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [request, setRequest] = useState<TraktDeviceRequest | null>(null);
  const [decided, setDecided] = useState<TraktDecision | null>(null);
  const lookup = useLookupDeviceCode();
  const decide = useDecideDeviceCode();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = traktDeviceLookupSchema.safeParse({ userCode: code });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      return setFieldError(message === undefined ? undefined : contractText(message));
    }
    setFieldError(undefined);
    lookup.mutate(parsed.data.userCode, { onSuccess: setRequest });
  }

  function answer(decision: TraktDecision) {
    if (!request) return;
    decide.mutate(
      { userCode: request.userCode, decision },
      { onSuccess: () => setDecided(decision) },
    );
  }

  function startOver() {
    setRequest(null);
    setDecided(null);
    setCode('');
    lookup.reset();
    decide.reset();
  }

  if (request && decided)
    return decided === 'approve' ? (
      <div role="status" className="space-y-4">
        <p className="flex items-start gap-2 text-lg font-semibold text-emerald-200">
          <CircleCheck aria-hidden className="mt-1 size-5 shrink-0 text-emerald-400" />
          <FormattedMessage
            id="integrations.deviceConnected"
            defaultMessage="Connected. Go back to your app: it finishes signing in by itself within a few seconds."
          />
        </p>
        <p className="text-sm text-slate-300">
          <FormattedMessage
            id="integrations.disconnectLater"
            defaultMessage="You can disconnect it at any time under <link>Settings › Apps & devices</link>."
            values={{
              link: (chunks) => (
                <Link
                  to="/settings/apps#connected-apps"
                  className="text-violet-300 underline hover:text-violet-200"
                >
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
        <Button variant="secondary" onClick={startOver}>
          <FormattedMessage
            id="integrations.connectAnother"
            defaultMessage="Connect another device"
          />
        </Button>
      </div>
    ) : (
      <div role="status" className="space-y-4">
        <p className="flex items-start gap-2 text-lg font-semibold text-slate-100">
          <CircleX aria-hidden className="mt-1 size-5 shrink-0 text-rose-400" />
          <FormattedMessage
            id="integrations.denied"
            defaultMessage="Denied. The app did not get access to your account."
          />
        </p>
        <Button variant="secondary" onClick={startOver}>
          <FormattedMessage
            id="integrations.enterAnotherCode"
            defaultMessage="Enter another code"
          />
        </Button>
      </div>
    );

  if (request)
    return (
      <div className="space-y-5">
        <p className="text-sm text-slate-300">
          <FormattedMessage
            id="integrations.codeShown"
            defaultMessage="Code <b>{code}</b>"
            values={{
              code: request.userCode,
              b: (chunks) => (
                <strong className="font-mono text-base text-white" dir="ltr">
                  {chunks}
                </strong>
              ),
            }}
          />
        </p>
        <TraktAppIdentity clientId={request.clientId} />
        <TraktAppPermissions />
        <TraktAnswer mutation={decide} onAnswer={answer}>
          <Button variant="ghost" onClick={startOver} disabled={decide.isPending}>
            <FormattedMessage id="integrations.useAnotherCode" defaultMessage="Use another code" />
          </Button>
        </TraktAnswer>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={intl.formatMessage({
          id: 'integrations.codeLabel',
          defaultMessage: 'Code shown by your app',
        })}
        hint={intl.formatMessage(
          {
            id: 'integrations.codeHint',
            defaultMessage:
              '{count, plural, one {# letter or digit} other {# letters and digits}}, like ABCD-EFGH. Upper or lower case both work.',
          },
          { count: traktOAuthLimits.userCodeLength },
        )}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onBlur={() => {
          const typed = code.toUpperCase().replace(/[\s-]+/g, '');
          if (typed.length === traktOAuthLimits.userCodeLength) setCode(formatUserCode(typed));
        }}
        error={fieldError}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        dir="ltr"
        className="font-mono text-lg tracking-widest uppercase"
      />
      <MutationAlert
        mutation={lookup}
        fallback={intl.formatMessage({
          id: 'integrations.checkCodeFailed',
          defaultMessage: 'Could not check the code. Please try again.',
        })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton
          type="submit"
          busy={lookup.isPending}
          busyLabel={intl.formatMessage({
            id: 'integrations.checking',
            defaultMessage: 'Checking…',
          })}
        >
          <FormattedMessage id="integrations.continue" defaultMessage="Continue" />
        </BusyButton>
        <Link to="/settings/apps" className={buttonStyles({ variant: 'ghost' })}>
          <FormattedMessage id="integrations.appsDevices" defaultMessage="Apps & devices" />
        </Link>
      </div>
    </form>
  );
}
