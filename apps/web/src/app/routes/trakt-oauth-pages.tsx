import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SignedInPage } from '@/app/layout/signed-in-page';
import { DeviceActivation } from '@/features/integrations/components/device-activation';
import { TraktConsent } from '@/features/integrations/components/trakt-consent';

/** A signed-in page for connecting an app: visitors sign in first and come back here. */
function ConnectPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <SignedInPage title={title} intro={intro} width="max-w-2xl" homeAfterSignOut={false}>
      <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5 sm:p-6">
        {children}
      </div>
    </SignedInPage>
  );
}

/** /activate: the code a TV, media centre or script shows (Trakt's device sign-in, ADR 170). */
export function ActivateRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <ConnectPage
      title={intl.formatMessage({
        id: 'integrations.activateTitle',
        defaultMessage: 'Connect a device',
      })}
      intro={intl.formatMessage({
        id: 'integrations.activateIntro',
        defaultMessage:
          'Your app or device shows a code when you sign in to Trakt from it. Enter it here to connect it to your account.',
      })}
    >
      <DeviceActivation initialCode={params.get('code') ?? ''} />
    </ConnectPage>
  );
}

/** /oauth/authorize: an app asks to connect (Trakt's OAuth authorize, ADR 170). */
export function OAuthAuthorizeRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <ConnectPage
      title={intl.formatMessage({
        id: 'integrations.authorizeTitle',
        defaultMessage: 'Connect an app',
      })}
      intro={intl.formatMessage({
        id: 'integrations.authorizeIntro',
        defaultMessage: 'An app that works with Trakt asks to use your account on this site.',
      })}
    >
      <TraktConsent params={params} />
    </ConnectPage>
  );
}
