import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { DeviceActivation } from '@/features/integrations/components/device-activation';
import { TraktConsent } from '@/features/integrations/components/trakt-consent';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';

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
  const { status, redirect } = useSignedInPage({ homeAfterSignOut: false });
  if (redirect) return redirect;
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <h1 className="mb-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {title}
      </h1>
      <p className="mb-6 text-sm text-slate-300">{intro}</p>
      {status === 'unavailable' ? (
        <SignInCheckFailed />
      ) : status === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : (
        <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5 sm:p-6">
          {children}
        </div>
      )}
    </div>
  );
}

/** /activate: the code a TV, media centre or script shows (Trakt's device sign-in, ADR 170). */
export function ActivateRoute() {
  const [params] = useSearchParams();
  return (
    <ConnectPage
      title="Connect a device"
      intro="Your app or device shows a code when you sign in to Trakt from it. Enter it here to connect it to your account."
    >
      <DeviceActivation initialCode={params.get('code') ?? ''} />
    </ConnectPage>
  );
}

/** /oauth/authorize: an app asks to connect (Trakt's OAuth authorize, ADR 170). */
export function OAuthAuthorizeRoute() {
  const [params] = useSearchParams();
  return (
    <ConnectPage
      title="Connect an app"
      intro="An app that works with Trakt asks to use your account on this site."
    >
      <TraktConsent params={params} />
    </ConnectPage>
  );
}
