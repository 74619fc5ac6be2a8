import { Component, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { StatusPage } from './not-found';

/** What a visitor sees when a screen fails to load or render. */
export function RouteErrorRoute() {
  const intl = useIntl();
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

interface Props {
  children: ReactNode;
  /** The address: a failed screen is tried again once the member goes elsewhere. */
  resetKey: string;
}

/**
 * Catches a screen that throws while loading its code or rendering and shows RouteErrorRoute
 * in its place. Going to another address renders the new screen, not the old error.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorRoute />;
  }
}
