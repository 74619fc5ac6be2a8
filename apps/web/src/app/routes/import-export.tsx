import { Spinner } from '@/components/ui/spinner';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { ImportExportSection } from '@/features/imports/components/import-export-section';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';

const TITLE = 'Import & export';

/**
 * /settings/import: signed in only. The section itself (ImportExportSection) is what
 * /settings embeds once the settings screen exists.
 */
export function ImportExportRoute() {
  const { status, redirect } = useSignedInPage();
  if (redirect) return redirect;
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(TITLE)}</title>
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
        <ImportExportSection />
      )}
    </div>
  );
}
