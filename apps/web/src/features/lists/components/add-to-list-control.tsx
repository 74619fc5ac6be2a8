import { ListPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';

// The menu (Radix) loads for members only, when the show page shows it.
const AddToListMenu = lazy(() =>
  import('./add-to-list-menu').then((m) => ({ default: m.AddToListMenu })),
);

function Trigger({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button variant="secondary" onClick={onClick} disabled={disabled}>
      <ListPlus aria-hidden className="size-4" />
      Add to list
    </Button>
  );
}

/** The show page's 'Add to list': the member's lists with a tick on those holding the show. */
export function AddToListControl({ showId, title }: { showId: number; title: string }) {
  const { status, requireSignIn } = useRequireSignIn();
  if (status === 'loading') return null;
  if (status !== 'authenticated') return <Trigger onClick={() => void requireSignIn()} />;
  return (
    <Suspense fallback={<Trigger disabled />}>
      <AddToListMenu showId={showId} title={title} />
    </Suspense>
  );
}
