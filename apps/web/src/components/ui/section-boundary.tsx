import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { intl } from '@/i18n/locale-state';
import { ErrorState } from './error-state';

/**
 * A lazily loaded part of a page whose code can be asked for again: React.lazy remembers a
 * failed load forever, so `reset` makes a fresh one for the next render (ADR 162).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let current = lazy(load);
  return {
    get Component() {
      return current;
    },
    reset() {
      current = lazy(load);
    },
  };
}

interface Props {
  children: ReactNode;
  /** Called before trying again (a retryableLazy's reset). */
  onReset?: () => void;
  title?: string;
}

/**
 * Catches a part of a page that failed to load or render (a screen's code on a bad network),
 * so the rest of the page stays; the member can try that part again. Without it the route's
 * error page would replace everything already shown.
 */
export class SectionBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const { formatMessage } = intl();
    return (
      <ErrorState
        headingLevel={3}
        title={
          this.props.title ??
          formatMessage({ id: 'ui.sectionFailed', defaultMessage: 'Could not load this section' })
        }
        error={this.state.error}
        message={formatMessage({
          id: 'ui.sectionFailedMessage',
          defaultMessage:
            'This part of the page did not load. Check your connection and try again.',
        })}
        onRetry={() => {
          this.props.onReset?.();
          this.setState({ error: null });
        }}
      />
    );
  }
}
