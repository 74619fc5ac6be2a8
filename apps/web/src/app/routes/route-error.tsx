import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotFoundRoute, StatusPage } from './not-found';

/** Rendered by the router when a route throws while rendering or loading. */
export function RouteErrorRoute() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <StatusPage
      title="Something Went Wrong"
      message="This page ran into a problem. Reloading usually helps; if it keeps happening, try again later."
    >
      <Button variant="secondary" size="lg" onClick={() => window.location.reload()}>
        Reload Page
      </Button>
    </StatusPage>
  );
}
