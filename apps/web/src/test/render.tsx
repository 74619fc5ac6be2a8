import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useLocation,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigationType,
  type RouteObject,
  type To,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { loadCatalogue, type UiLocale } from '@/i18n';

/** A language to render in: `await inLanguage('de')`; tests render in English without one. */
export type TestLanguage = {
  locale: UiLocale;
  messages: Awaited<ReturnType<typeof loadCatalogue>>;
};

export async function inLanguage(locale: UiLocale): Promise<TestLanguage> {
  return { locale, messages: await loadCatalogue(locale) };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

type RouterState = { location: Location; historyAction: NavigationType };

/**
 * The address in memory, as the app's BrowserRouter holds it in a browser (each change renders
 * in a transition), with a handle for tests: where the app is, where it went, Back.
 */
function memoryRouter(initialEntry: InitialEntry) {
  const history = createMemoryHistory({ initialEntries: [initialEntry], v5Compat: true });
  const subscribers = new Set<(state: RouterState) => void>();
  const current = (): RouterState => ({
    location: history.location,
    historyAction: history.action,
  });
  function TestRouter({ children }: { children: ReactNode }) {
    const [state, setState] = useState(current);
    useLayoutEffect(
      () =>
        history.listen(() => {
          const next = current();
          startTransition(() => setState(next));
          for (const subscriber of subscribers) subscriber(next);
        }),
      [],
    );
    return (
      <Router location={state.location} navigationType={state.historyAction} navigator={history}>
        {children}
      </Router>
    );
  }
  const router = {
    get state() {
      return current();
    },
    /** A link followed (a path) or Back and Forward (a number). */
    async navigate(to: To | number) {
      await act(async () => {
        if (typeof to === 'number') history.go(to);
        else history.push(to);
      });
    },
    subscribe(subscriber: (state: RouterState) => void) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
  return { TestRouter, router };
}

/** Renders the whole app (layout, routes, providers) at `path`, in memory. */
export function renderApp(
  path = '/',
  { state, i18n }: { state?: unknown; i18n?: TestLanguage } = {},
) {
  const queryClient = createTestQueryClient();
  const { TestRouter, router } = memoryRouter(
    state === undefined ? path : { pathname: path, state },
  );
  const utils = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <TestRouter>
        <AppRoutes />
      </TestRouter>
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders one piece of UI inside the providers and a memory router; other paths render
 * their pathname so tests can see where navigation went.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', i18n }: { path?: string; i18n?: TestLanguage } = {},
) {
  const queryClient = createTestQueryClient();
  const routes: RouteObject[] = [
    { path: path.split('?')[0], element: ui },
    { path: '*', element: <LocationProbe /> },
  ];
  const { TestRouter, router } = memoryRouter(path);
  const utils = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <TestRouter>
        <Routes routes={routes} />
      </TestRouter>
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** A reload: the app unmounts and starts afresh at the address it was left on. */
export function reloadApp(app: ReturnType<typeof renderApp>) {
  const { pathname, search } = app.router.state.location;
  app.unmount();
  return renderApp(`${pathname}${search}`);
}
