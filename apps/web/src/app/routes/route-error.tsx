import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotFoundRoute, StatusPage } from './not-found';

/** Rendered by the router when a route throws while rendering or loading. */
export function RouteErrorRoute() {
  const intl = useIntl();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <StatusPage
      title={intl.formatMessage({
        id: 'app.routeError.title',
        defaultMessage: 'Something Went Wrong',
      })}
      message={intl.formatMessage({
        id: 'app.routeError.message',
        defaultMessage:
          'This page ran into a problem. Reloading usually helps; if it keeps happening, try again later.',
      })}
    >
      <Button variant="secondary" size="lg" onClick={() => window.location.reload()}>
        <FormattedMessage id="app.routeError.reload" defaultMessage="Reload Page" />
      </Button>
    </StatusPage>
  );
}
