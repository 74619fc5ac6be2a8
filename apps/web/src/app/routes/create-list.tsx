import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { CreateListWizard } from '@/features/lists/components/create-list-wizard';
import { useShow } from '@/features/shows/api/get-show';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';
import { parseId } from './route-id';

function Frame({ children }: { children: React.ReactNode }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'lists.createTitle', defaultMessage: 'Create New List' });
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-2 text-slate-400">
        <FormattedMessage
          id="lists.createIntro"
          defaultMessage="Build a custom list of your favorite shows and share it with the community"
        />
      </p>
      {children}
    </div>
  );
}

/** /lists/create (optionally ?showId= from a show page): signed-in members only. */
export function CreateListRoute() {
  const { status, redirect } = useSignedInPage();
  const [params] = useSearchParams();
  const showId = parseId(params.get('showId') ?? undefined);
  if (redirect) return redirect;
  if (status === 'unavailable')
    return (
      <Frame>
        <div className="mt-8">
          <SignInCheckFailed />
        </div>
      </Frame>
    );
  if (status === 'loading')
    return (
      <Frame>
        <Skeleton className="mt-8 h-96 w-full" />
      </Frame>
    );
  return <Frame>{showId !== null ? <WithShow showId={showId} /> : <CreateListWizard />}</Frame>;
}

/** Started from a show's 'New list': that show is already picked. */
function WithShow({ showId }: { showId: number }) {
  const show = useShow(showId);
  if (show.isPending) return <Skeleton className="mt-8 h-96 w-full" />;
  return <CreateListWizard initialShow={show.data ?? null} />;
}
