import { SignedInPage } from '@/app/layout/signed-in-page';
import { ImportExportSection } from '@/features/imports/components/import-export-section';

/**
 * /settings/import: signed in only. The section itself (ImportExportSection) is what
 * /settings embeds once the settings screen exists.
 */
export function ImportExportRoute() {
  return (
    <SignedInPage title="Import & export" width="max-w-4xl">
      <ImportExportSection />
    </SignedInPage>
  );
}
