import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { ConnectedAppsSection } from '@/features/integrations/components/connected-apps-section';
import { ApiTokensSection } from '@/features/integrations/components/api-tokens-section';
import { ScrobbleSection } from '@/features/integrations/components/scrobble-section';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';

const TITLE = 'Apps & devices';

/**
 * /settings/apps: media-server webhooks and personal API tokens (issue 22, ADR 161), and apps
 * connected through the Trakt-compatible API (issue 27, ADR 170).
 */
export function AppsDevicesRoute() {
  const { status, redirect } = useSignedInPage();
  if (redirect) return redirect;
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(TITLE)}</title>
      <p className="mb-2 text-sm">
        <Link
          to="/settings"
          className="inline-flex min-h-6 items-center text-violet-300 hover:text-violet-200 hover:underline"
        >
          ← Settings
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {TITLE}
      </h1>
      {status === 'unavailable' ? (
        <SignInCheckFailed />
      ) : status === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : (
        <div className="space-y-6">
          <ScrobbleSection />
          <ConnectedAppsSection />
          <ApiTokensSection />
        </div>
      )}
    </div>
  );
}
