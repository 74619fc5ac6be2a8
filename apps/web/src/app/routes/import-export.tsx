import { useIntl } from 'react-intl';
import { SignedInPage } from '@/app/layout/signed-in-page';
import { ImportExportSection } from '@/features/imports/components/import-export-section';

/**
 * /settings/import: signed in only. The section itself (ImportExportSection) is what
 * /settings embeds once the settings screen exists.
 */
export function ImportExportRoute() {
  const intl = useIntl();
  return (
    <SignedInPage
      title={intl.formatMessage({ id: 'imports.pageTitle', defaultMessage: 'Import & export' })}
      width="max-w-4xl"
    >
      <ImportExportSection />
    </SignedInPage>
  );
}
