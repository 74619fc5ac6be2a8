import { CircleCheck, CircleX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { useDecideDeviceCode, useLookupDeviceCode } from '../api/trakt-apps';
import { TraktAnswer, TraktAppIdentity, TraktAppPermissions } from './trakt-app-identity';

/**
 * /activate (the device flow's verification_url, ADR 170): the member types the code their
 * TV or script shows, sees which app is asking, and approves or denies it.
 */
export function DeviceActivation({ initialCode }: { initialCode: string }) {
  const [code, setCode] = useState(initialCode);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [request, setRequest] = useState<TraktDeviceRequest | null>(null);
  const [decided, setDecided] = useState<TraktDecision | null>(null);
  const lookup = useLookupDeviceCode();
  const decide = useDecideDeviceCode();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = traktDeviceLookupSchema.safeParse({ userCode: code });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
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
          Connected. Go back to your app: it finishes signing in by itself within a few seconds.
        </p>
        <p className="text-sm text-slate-300">
          You can disconnect it at any time under{' '}
          <Link
            to="/settings/apps#connected-apps"
            className="text-violet-300 underline hover:text-violet-200"
          >
            Settings › Apps &amp; devices
          </Link>
          .
        </p>
        <Button variant="secondary" onClick={startOver}>
          Connect another device
        </Button>
      </div>
    ) : (
      <div role="status" className="space-y-4">
        <p className="flex items-start gap-2 text-lg font-semibold text-slate-100">
          <CircleX aria-hidden className="mt-1 size-5 shrink-0 text-rose-400" />
          Denied. The app did not get access to your account.
        </p>
        <Button variant="secondary" onClick={startOver}>
          Enter another code
        </Button>
      </div>
    );

  if (request)
    return (
      <div className="space-y-5">
        <p className="text-sm text-slate-300">
          Code{' '}
          <strong className="font-mono text-base text-white" dir="ltr">
            {request.userCode}
          </strong>
        </p>
        <TraktAppIdentity clientId={request.clientId} />
        <TraktAppPermissions />
        <TraktAnswer mutation={decide} onAnswer={answer}>
          <Button variant="ghost" onClick={startOver} disabled={decide.isPending}>
            Use another code
          </Button>
        </TraktAnswer>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Code shown by your app"
        hint={`${traktOAuthLimits.userCodeLength} letters and digits, like ABCD-EFGH. Upper or lower case both work.`}
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
      <MutationAlert mutation={lookup} fallback="Could not check the code. Please try again." />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton type="submit" busy={lookup.isPending} busyLabel="Checking…">
          Continue
        </BusyButton>
        <Link to="/settings/apps" className={buttonStyles({ variant: 'ghost' })}>
          Apps &amp; devices
        </Link>
      </div>
    </form>
  );
}
