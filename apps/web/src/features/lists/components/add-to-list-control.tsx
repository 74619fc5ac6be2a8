import { ListPlus } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadOnIntent } from '@/lib/use-load-on-intent';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';

// The menu (Radix, ~30 kB compressed with its positioning) loads for members only, on intent.
const loadMenu = () => import('./add-to-list-menu');
const AddToListMenu = lazy(() => loadMenu().then((m) => ({ default: m.AddToListMenu })));

function Trigger(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="secondary" {...props}>
      <ListPlus aria-hidden className="size-4" />
      <FormattedMessage id="lists.addToList" defaultMessage="Add to list" />
    </Button>
  );
}

/** The show page's 'Add to list': the member's lists with a tick on those holding the show. */
export function AddToListControl({ showId, title }: { showId: number; title: string }) {
  const { status, requireSignIn } = useRequireSignIn();
  const intent = useLoadOnIntent(loadMenu);
  const intl = useIntl();
  // The button's size (in English) while the session loads, so the row of controls wraps where
  // it will once loaded and nothing below it moves (layout shift).
  if (status === 'loading') return <Skeleton className="h-10 w-[8.75rem]" />;
  if (status !== 'authenticated') return <Trigger onClick={() => void requireSignIn()} />;
  // Named like the real trigger, so 'Add to list' finds the same button before and after.
  const standIn = (
    <Trigger
      aria-label={intl.formatMessage(
        { id: 'lists.addToListNamed', defaultMessage: 'Add to list: {title}' },
        { title },
      )}
      {...intent.triggerProps}
    />
  );
  if (!intent.pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AddToListMenu showId={showId} title={title} defaultOpen />
    </Suspense>
  );
}
