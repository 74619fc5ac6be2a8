import { CircleX, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  oobRedirectUri,
  traktAuthorizeRequestSchema,
  type TraktAuthorizeRequest,
  type TraktDecision,
} from '@series-tracker/contracts';
import { FormAlert } from '@/components/ui/form-alert';
import { contractText } from '@/i18n/contract-text';
import { useAuthorizeTraktApp } from '../api/trakt-apps';
import { CopyField } from './copy-field';
import { TraktAnswer, TraktAppIdentity, TraktAppPermissions } from './trakt-app-identity';

/** Where Approve sends the member back, in words: a web address's host, or an app's scheme. */
function destination(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//…`;
}

/**
 * The consent page (/oauth/authorize, ADR 170): an app that opened Trakt's authorize address
 * on this site asks to connect; Approve sends the browser back to it with a one-use code (or
 * shows the code to copy for the oob address), Deny with `error=access_denied`.
 */
export function TraktConsent({ params }: { params: URLSearchParams }) {
  const parsed = traktAuthorizeRequestSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return (
      <div className="space-y-3">
        <FormAlert>
          <p className="font-semibold">
            <FormattedMessage
              id="integrations.badLink"
              defaultMessage="This app’s sign-in link cannot be used."
            />
          </p>
          {message ? <p className="mt-1">{contractText(message)}</p> : null}
        </FormAlert>
        <p className="text-sm text-slate-300">
          <FormattedMessage
            id="integrations.nothingShared"
            defaultMessage="Nothing was shared. Start connecting again from your app, or tell its developer."
          />
        </p>
      </div>
    );
  }
  return <ConsentCard request={parsed.data} />;
}

function ConsentCard({ request }: { request: TraktAuthorizeRequest }) {
  const intl = useIntl();
  const authorize = useAuthorizeTraktApp();
  const [shown, setShown] = useState<{ code: string | null } | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const oob = request.redirect_uri === oobRedirectUri;

  function answer(decision: TraktDecision) {
    authorize.mutate(
      { request, decision },
      {
        onSuccess: (result) => {
          if ('redirectTo' in result) {
            setLeaving(result.redirectTo);
            window.location.assign(result.redirectTo);
          } else setShown(result);
        },
      },
    );
  }

  if (shown)
    return shown.code ? (
      <div role="status" className="space-y-4">
        <p className="text-lg font-semibold text-emerald-200">
          <FormattedMessage
            id="integrations.approvedCopyCode"
            defaultMessage="Approved. Copy this code into your app to finish connecting."
          />
        </p>
        <CopyField
          label={intl.formatMessage({
            id: 'integrations.codeForApp',
            defaultMessage: 'Code for your app',
          })}
          value={shown.code}
        />
        <p className="text-xs text-slate-400">
          <FormattedMessage
            id="integrations.codeOnce"
            defaultMessage="It works once, within 10 minutes."
          />
        </p>
      </div>
    ) : (
      <p role="status" className="flex items-start gap-2 text-lg font-semibold text-slate-100">
        <CircleX aria-hidden className="mt-1 size-5 shrink-0 text-rose-400" />
        <FormattedMessage
          id="integrations.denied"
          defaultMessage="Denied. The app did not get access to your account."
        />
      </p>
    );

  if (leaving)
    return (
      <p role="status" className="text-sm text-slate-300">
        <FormattedMessage
          id="integrations.returning"
          defaultMessage="Returning you to the app… <link>Continue</link>"
          values={{
            link: (chunks) => (
              <a href={leaving} className="text-violet-300 hover:underline">
                {chunks}
              </a>
            ),
          }}
        />
      </p>
    );

  return (
    <div className="space-y-5">
      <TraktAppIdentity clientId={request.client_id} />
      <TraktAppPermissions />
      <p className="flex items-start gap-2 text-sm text-slate-300">
        <ExternalLink aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
        {oob ? (
          <span>
            <FormattedMessage
              id="integrations.oobHint"
              defaultMessage="After you approve, this page shows a code to paste into the app."
            />
          </span>
        ) : (
          <span>
            <FormattedMessage
              id="integrations.returnTo"
              defaultMessage="After you answer, you go back to <b>{destination}</b>."
              values={{
                destination: destination(request.redirect_uri),
                b: (chunks) => (
                  <strong className="break-all text-slate-100" dir="ltr">
                    {chunks}
                  </strong>
                ),
              }}
            />
          </span>
        )}
      </p>
      <TraktAnswer mutation={authorize} onAnswer={answer} />
    </div>
  );
}
