import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SignedInPage } from '@/app/layout/signed-in-page';
import { ConnectedAppsSection } from '@/features/integrations/components/connected-apps-section';
import { ApiTokensSection } from '@/features/integrations/components/api-tokens-section';
import { ScrobbleSection } from '@/features/integrations/components/scrobble-section';

/**
 * /settings/apps: media-server webhooks and personal API tokens (issue 22, ADR 161), and apps
 * connected through the Trakt-compatible API (issue 27, ADR 170).
 */
export function AppsDevicesRoute() {
  const intl = useIntl();
  return (
    <SignedInPage
      title={intl.formatMessage({ id: 'integrations.pageTitle', defaultMessage: 'Apps & devices' })}
      width="max-w-3xl"
      above={
        <p className="mb-2 text-sm">
          <Link
            to="/settings"
            className="inline-flex min-h-6 items-center text-violet-300 hover:text-violet-200 hover:underline"
          >
            {/* The arrow points back: in Arabic it points the other way (→ الإعدادات). */}
            <FormattedMessage id="integrations.backToSettings" defaultMessage="← Settings" />
          </Link>
        </p>
      }
    >
      <div className="space-y-6">
        <ScrobbleSection />
        <ConnectedAppsSection />
        <ApiTokensSection />
      </div>
    </SignedInPage>
  );
}
